import { Type } from 'typebox';

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
export const PrePayAnswer = Type.Object({
  orderId: Type.Integer(),
  payNo: Type.String(),
  url: Type.String(),
});

export const OrderParams = Type.Object({
  orderId: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }),
});
export const OrderStatusAnswer = Type.Object({
  status: Type.Union([Type.Literal('00'), Type.Literal('10'), Type.Literal('01'), Type.Literal('-01')]),
});

const PayoutAccount = Type.Union([
  Type.Null(),
  Type.Object({
    ifsc: Type.String(),
    payCardNo: Type.String(),
    name: Type.String(),
    whatsapp: Type.String(),
  }),
]);
export const WithdrawInfoAnswer = Type.Object({
  limitAmount: Type.Number(),
  number: Type.Integer(),
  lock: Type.Boolean(),
  wdAmount: Type.Number(),
  usdtRate: Type.Number(),
  cardInfo: Type.Object({
    CPF: PayoutAccount,
    CNPJ: PayoutAccount,
    USDT: PayoutAccount,
    CHANNEL: Type.String(),
  }),
});

export const WithdrawBody = Type.Object({
  payCardBank: Type.Optional(
    Type.Union([Type.Literal('CPF'), Type.Literal('CNPJ'), Type.Literal('USDT'), Type.Literal('')]),
  ),
  payCardNo: Type.Optional(Type.String({ maxLength: 64 })),
  ifsc: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  amount: Type.Optional(AmountInput),
  whatsapp: Type.Optional(Type.String({ maxLength: 30 })),
});

export const KycBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  cardNo: Type.String({ minLength: 11, maxLength: 14 }),
});

export const TransferBody = Type.Object({
  toUser: Type.String({ minLength: 1, maxLength: 100 }),
  amount: AmountInput,
});
export const TransferAnswer = Type.Object({ transferId: Type.Integer() });

export const RecordsQuery = Type.Object({
  type: Type.Optional(Type.Union([Type.Literal('10'), Type.Literal('11')])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export const RecordsAnswer = Type.Object({
  records: Type.Array(
    Type.Object({
      orderId: Type.Integer(),
      type: Type.String(),
      amount: Type.Number(),
      gift: Type.Number(),
      status: Type.String(),
      time: Type.Integer(),
      finishedTime: Type.Union([Type.Integer(), Type.Null()]),
      payCardBank: Type.Union([Type.String(), Type.Null()]),
      payCardNo: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  total: Type.Integer(),
});
