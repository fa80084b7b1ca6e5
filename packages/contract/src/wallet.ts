import { type Static, Type } from 'typebox';

/** An amount in reais as the client sends it: a number or a numeric string; the server parses it exactly. */
// String first: with type coercion on, a number-first union would turn "1e3" or "0x14" into a number before
// the exact parser could refuse it; numbers still arrive (as their shortest decimal text).
export const AmountInput = Type.Union([Type.String({ maxLength: 20 }), Type.Number()]);

export const PkgParams = Type.Object({ pkgId: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }) });
export const PrePayBody = Type.Object({
  gift: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)])),
  pkgId: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  isapp: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)])),
});
export type PrePayBody = Static<typeof PrePayBody>;
export const PrePayAnswer = Type.Object({
  orderId: Type.Integer(),
  payNo: Type.String(),
  url: Type.String(),
});
export type PrePayAnswer = Static<typeof PrePayAnswer>;

export const OrderParams = Type.Object({
  orderId: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }),
});
export const OrderStatusAnswer = Type.Object({
  status: Type.Union([Type.Literal('00'), Type.Literal('10'), Type.Literal('01'), Type.Literal('-01')]),
});
export type OrderStatusAnswer = Static<typeof OrderStatusAnswer>;

/** A saved payout account of one type (null when the player has not used that type yet). */
export const PayoutAccount = Type.Object({
  ifsc: Type.String(),
  payCardNo: Type.String(),
  name: Type.String(),
  whatsapp: Type.String(),
});
export type PayoutAccount = Static<typeof PayoutAccount>;
const SavedPayoutAccount = Type.Union([Type.Null(), PayoutAccount]);
export const WithdrawInfoAnswer = Type.Object({
  limitAmount: Type.Number(),
  number: Type.Integer(),
  lock: Type.Boolean(),
  wdAmount: Type.Number(),
  usdtRate: Type.Number(),
  cardInfo: Type.Object({
    CPF: SavedPayoutAccount,
    CNPJ: SavedPayoutAccount,
    USDT: SavedPayoutAccount,
    CHANNEL: Type.String(),
  }),
  /** Ours (decision 0029): most per withdrawal, and the player's VIP level's daily cap and count. */
  maxAmount: Type.Optional(Type.Number()),
  dayMax: Type.Optional(Type.Number()),
  dayCount: Type.Optional(Type.Integer()),
  /** Ours (decision 0029): the unreleased bonus a withdrawal now forfeits, and the wagering still owed on it. */
  /** Ours: what a transfer to another player may move now (the wagering owed still holds it). */
  transferAmount: Type.Optional(Type.Number()),
  bonus: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Object({ amount: Type.Number(), wageringLeft: Type.Number(), wageringRequired: Type.Number() }),
    ]),
  ),
});
export type WithdrawInfoAnswer = Static<typeof WithdrawInfoAnswer>;

export const WithdrawBody = Type.Object({
  payCardBank: Type.Optional(
    Type.Union([Type.Literal('CPF'), Type.Literal('CNPJ'), Type.Literal('USDT'), Type.Literal('')]),
  ),
  payCardNo: Type.Optional(Type.String({ maxLength: 64 })),
  ifsc: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  amount: Type.Optional(AmountInput),
  whatsapp: Type.Optional(Type.String({ maxLength: 30 })),
  /** Ours (decision 0029): the player confirmed forfeiting the unreleased bonus; without it such a withdrawal is 409. */
  forfeitBonus: Type.Optional(Type.Boolean()),
});
export type WithdrawBody = Static<typeof WithdrawBody>;

export const KycBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  cardNo: Type.String({ minLength: 11, maxLength: 14 }),
  /** Ours (issue 15): YYYY-MM-DD; required when the regulatory profile is br-licensed (18+ checked). */
  birthDate: Type.Optional(Type.String({ maxLength: 10 })),
  /** Ours (issue 29): the selfie taken for this KYC (POST /api/app/identity/selfie); required under br-licensed. */
  selfieId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type KycBody = Static<typeof KycBody>;

export const TransferBody = Type.Object({
  toUser: Type.String({ minLength: 1, maxLength: 100 }),
  amount: AmountInput,
});
export type TransferBody = Static<typeof TransferBody>;
export const TransferAnswer = Type.Object({ transferId: Type.Integer() });
export type TransferAnswer = Static<typeof TransferAnswer>;

export const RecordsQuery = Type.Object({
  type: Type.Optional(Type.Union([Type.Literal('10'), Type.Literal('11')])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
/** One deposit (type '10') or withdrawal ('11') of the player's records. */
export const OrderRecord = Type.Object({
  orderId: Type.Integer(),
  type: Type.String(),
  amount: Type.Number(),
  gift: Type.Number(),
  status: Type.String(),
  time: Type.Integer(),
  finishedTime: Type.Union([Type.Integer(), Type.Null()]),
  payCardBank: Type.Union([Type.String(), Type.Null()]),
  payCardNo: Type.Union([Type.String(), Type.Null()]),
  /** A withdrawal under WINNINGS_TAX=withhold (decision 0057): what the player asked for, and the IRRF withheld. */
  gross: Type.Optional(Type.Number()),
  tax: Type.Optional(Type.Number()),
});
export type OrderRecord = Static<typeof OrderRecord>;
export const RecordsAnswer = Type.Object({ records: Type.Array(OrderRecord), total: Type.Integer() });
export type RecordsAnswer = Static<typeof RecordsAnswer>;

/** GET /api/app/order/transfers?page=&size=: the caller's transfers, sent and received, newest first. */
export const TransferRecordsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type TransferRecordsQuery = Static<typeof TransferRecordsQuery>;
/** One transfer as the caller sees it: 'in' received, 'out' sent; the other player's username masked. */
export const TransferRecord = Type.Object({
  id: Type.Integer(),
  direction: Type.Union([Type.Literal('in'), Type.Literal('out')]),
  amount: Type.Number(),
  counterpart: Type.String(),
  time: Type.Integer(),
});
export type TransferRecord = Static<typeof TransferRecord>;
export const TransferRecordsAnswer = Type.Object({
  records: Type.Array(TransferRecord),
  total: Type.Integer(),
});
export type TransferRecordsAnswer = Static<typeof TransferRecordsAnswer>;
