import { type Static, Type } from 'typebox';
import { IdParam } from './common.ts';

/** Back office of the real PIX provider (issue 16): refunds of payments we did not credit, the reconciliation. */

const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', minLength: 10, maxLength: 10 });

export const PixRefundState = Type.Union([
  Type.Literal('EM_PROCESSAMENTO'),
  Type.Literal('DEVOLVIDO'),
  Type.Literal('NAO_REALIZADO'),
]);

/**
 * Ours: GET /api/admin/pix/status. Whether a PSP (API Pix) is configured; without one (the sandbox) the refund and
 * reconciliation routes do not exist, and the back office asks this first instead of reading their 404.
 */
export const PixStatusAnswer = Type.Object({ configured: Type.Boolean() });
export type PixStatusAnswer = Static<typeof PixStatusAnswer>;

/** A received Pix that was not credited (late, duplicate, other amount, cancelled order): a refund candidate. */
export const PixRefundable = Type.Object({
  eventId: Type.Integer(),
  receivedAt: Type.Number(),
  endToEndId: Type.String(),
  txid: Type.Union([Type.String(), Type.Null()]),
  /** Why it was not credited: the webhook outcome. */
  outcome: Type.String(),
  /** The refund already asked for this payment, if any. */
  refund: Type.Union([
    Type.Object({
      id: Type.String(),
      amount: Type.Number(),
      status: PixRefundState,
      createdAt: Type.Number(),
    }),
    Type.Null(),
  ]),
});
export type PixRefundable = Static<typeof PixRefundable>;
export const PixRefundablesAnswer = Type.Object({ records: Type.Array(PixRefundable) });
export type PixRefundablesAnswer = Static<typeof PixRefundablesAnswer>;
export const PixRefundParams = Type.Object({ eventId: IdParam });

export const PixReconciliationQuery = Type.Object({ day: Type.Optional(Day) });
export const PixReconciliationRunBody = Type.Object({ day: Day });
export const PixReconciliationDiff = Type.Object({
  day: Type.String(),
  kind: Type.Union([
    Type.Literal('received_not_credited'),
    Type.Literal('credited_not_received'),
    Type.Literal('amount_differs'),
  ]),
  endToEndId: Type.String(),
  txid: Type.Union([Type.String(), Type.Null()]),
  pspAmount: Type.Union([Type.Number(), Type.Null()]),
  creditedAmount: Type.Union([Type.Number(), Type.Null()]),
});
export type PixReconciliationDiff = Static<typeof PixReconciliationDiff>;
export const PixReconciliationRun = Type.Object({
  day: Type.String(),
  ranAt: Type.Number(),
  pspCount: Type.Integer(),
  pspAmount: Type.Number(),
  creditedCount: Type.Integer(),
  creditedAmount: Type.Number(),
});
export type PixReconciliationRun = Static<typeof PixReconciliationRun>;
export const PixReconciliationAnswer = Type.Object({
  runs: Type.Array(PixReconciliationRun),
  diffs: Type.Array(PixReconciliationDiff),
});
export type PixReconciliationAnswer = Static<typeof PixReconciliationAnswer>;

/** Ours (issue 16): `GET /api/app/main/payMethods`, the payment methods this server has configured. */
export const PayMethod = Type.Union([
  Type.Literal('pix'),
  Type.Literal('card'),
  Type.Literal('usdt'),
  Type.Literal('boleto'),
]);
export type PayMethod = Static<typeof PayMethod>;
export const PayMethodsAnswer = Type.Array(PayMethod);
export type PayMethodsAnswer = Static<typeof PayMethodsAnswer>;
