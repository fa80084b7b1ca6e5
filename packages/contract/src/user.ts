import { type Static, Type } from 'typebox';

const Money = Type.Number();

export const PricePackage = Type.Object({
  pkgId: Type.Integer(),
  price: Money,
  gift: Money,
  curreny: Type.String(),
  sort: Type.Integer(),
  /** Ours (issue 16): 'card' packages are paid at the PSP's card checkout, the others by PIX. */
  channel: Type.Optional(Type.Union([Type.Literal('pix'), Type.Literal('card')])),
});
export type PricePackage = Static<typeof PricePackage>;

/** api-contract section 4. */
export const UserObject = Type.Object({
  uId: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  balance: Money,
  freeBalance: Money,
  payAmount: Money,
  yqm: Type.String(),
  level: Type.Integer(),
  header: Type.Integer(),
  time: Type.Integer(),
  extendInfo: Type.Union([
    Type.Null(),
    Type.Object({ username: Type.String(), pwd: Type.String(), balance: Money }),
  ]),
  paySumAmount: Money,
  wdSumAmount: Money,
  gameSumAmount: Money,
  nextlevel: Type.Object({ gameSumAmount: Money, paySumAmount: Money }),
  payDiscount: Type.Union([
    Type.Null(),
    Type.Object({ discount: Type.Number(), expiredTime: Type.Integer() }),
  ]),
  kyc: Type.Integer(),
  /** Ours (issue 27): the identity review behind `kyc` (docs/api/kyc-state.md); `kycReason` only when rejected. */
  kycState: Type.Optional(
    Type.Union([
      Type.Literal('none'),
      Type.Literal('pending'),
      Type.Literal('approved'),
      Type.Literal('rejected'),
    ]),
  ),
  kycReason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  testFlag: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  gamePayAmount: Money,
  addPayAmount: Money,
  lx: Type.String(),
});
export type UserObject = Static<typeof UserObject>;

export const UserInfoAnswer = Type.Object({
  ...UserObject.properties,
  paypackage: Type.Array(PricePackage),
  /**
   * Ours (issue 30, decision 0055): br-licensed only, true while an older registration still owes the fields of
   * art. 31 (`POST /api/app/rg/registration`); stakes and deposits are refused (1403) until then.
   */
  registrationIncomplete: Type.Optional(Type.Boolean()),
});
export type UserInfoAnswer = Static<typeof UserInfoAnswer>;

export const BalanceAnswer = Type.Object({ balance: Money, freeBalance: Money });
export type BalanceAnswer = Static<typeof BalanceAnswer>;

export const HeaderParams = Type.Object({ index: Type.Integer({ minimum: 0, maximum: 35 }) });

export const TestAccountAnswer = Type.Object({ username: Type.String(), pwd: Type.String(), balance: Money });
export type TestAccountAnswer = Static<typeof TestAccountAnswer>;

export const PricesQuery = Type.Object({
  curreny: Type.Optional(
    Type.Union([
      Type.Literal('BRL'),
      Type.Literal('EXTPAY'),
      Type.Literal('INSBRL'),
      Type.Literal('EXPPAY'),
      Type.Literal('BTBRL'),
      Type.Literal('FCBRL'),
      Type.Literal(''),
    ]),
  ),
});

export const GameRecord = Type.Object({
  value: Type.String(),
  productCode: Type.String(),
  gameType: Type.String(),
  stop: Type.Boolean(),
  name: Type.String(),
  icon: Type.String(),
});
export type GameRecord = Static<typeof GameRecord>;

/** GET /api/app/main/main: the in-house games (SELF), each provider's slots, and the hot list. */
const GameGroup = Type.Object({ records: Type.Array(GameRecord) });
export const MainListsAnswer = Type.Object({
  SELF: GameGroup,
  PG: GameGroup,
  EVO: GameGroup,
  BG: GameGroup,
  hot: GameGroup,
});
export type MainListsAnswer = Static<typeof MainListsAnswer>;
