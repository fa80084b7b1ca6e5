import { Type } from 'typebox';

const Money = Type.Number();

export const PricePackage = Type.Object({
  pkgId: Type.Integer(),
  price: Money,
  gift: Money,
  curreny: Type.String(),
  sort: Type.Integer(),
});

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
  testFlag: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  gamePayAmount: Money,
  addPayAmount: Money,
  lx: Type.String(),
});

export const UserInfoAnswer = Type.Object({ ...UserObject.properties, paypackage: Type.Array(PricePackage) });

export const BalanceAnswer = Type.Object({ balance: Money, freeBalance: Money });

export const HeaderParams = Type.Object({ index: Type.Integer({ minimum: 0, maximum: 35 }) });

export const TestAccountAnswer = Type.Object({ username: Type.String(), pwd: Type.String(), balance: Money });

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
