import { type Static, Type } from 'typebox';

// The repeat face check (issue 30, decision 0068): under br-licensed the player's face is asked again at login
// after a window, before a withdrawal or a deposit after a shorter one, and whenever an operator asks. While it is due, money
// calls answer HTTP 403 with body status 40301 and data `{ faceCheckDue: true, reason }`.

export const RecheckReason = Type.Union([
  Type.Literal('login'),
  Type.Literal('withdrawal'),
  Type.Literal('deposit'),
  Type.Literal('operator'),
]);
export type RecheckReason = Static<typeof RecheckReason>;

/** GET /api/app/identity/recheck: whether a check is due (`due`: money calls closed), and why. */
export const FaceRecheckState = Type.Object({
  due: Type.Boolean(),
  /** Why: the gate's reason, or `withdrawal` / `deposit` when only that money movement would ask for it now. */
  reason: Type.Union([RecheckReason, Type.Null()]),
  status: Type.Union([Type.Literal('due'), Type.Literal('failed'), Type.Null()]),
  attemptsLeft: Type.Integer(),
  /** The last successful face check (epoch ms), null if none. */
  lastCheckAt: Type.Union([Type.Number(), Type.Null()]),
});
export type FaceRecheckState = Static<typeof FaceRecheckState>;

/** POST /api/app/identity/recheck: the selfie taken for it (POST /api/app/identity/selfie). */
export const FaceRecheckBody = Type.Object({ selfieId: Type.String({ minLength: 1, maxLength: 64 }) });
export type FaceRecheckBody = Static<typeof FaceRecheckBody>;

/** The attempt's result; the envelope's message says it in the caller's language. */
export const FaceRecheckAnswer = Type.Object({
  passed: Type.Boolean(),
  flags: Type.Array(Type.String()),
  attemptsLeft: Type.Integer(),
});
export type FaceRecheckAnswer = Static<typeof FaceRecheckAnswer>;

/** POST /api/admin/players/{uId}/face-recheck: an operator asks for a new face check, with the reason. */
export const FaceRecheckRequestBody = Type.Object({
  reason: Type.String({ minLength: 3, maxLength: 500 }),
});
export type FaceRecheckRequestBody = Static<typeof FaceRecheckRequestBody>;

/** POST /api/admin/kyc/face-rechecks/{id}: the operator's decision on an open re-check. */
export const FaceRecheckReviewBody = Type.Object({
  decision: Type.Union([Type.Literal('clear'), Type.Literal('refuse')]),
  note: Type.String({ minLength: 3, maxLength: 500 }),
});
export type FaceRecheckReviewBody = Static<typeof FaceRecheckReviewBody>;

export const FaceRechecksQuery = Type.Object({
  filter: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('all')])),
});
export type FaceRechecksQuery = Static<typeof FaceRechecksQuery>;

export const FaceRecheckParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) });

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** One re-check in the operator's KYC queue. */
export const FaceRecheckRecord = Type.Object({
  id: Type.String(),
  uId: Type.String(),
  username: Type.String(),
  name: Nullable(Type.String()),
  reason: RecheckReason,
  requestedBy: Nullable(Type.String()),
  requestNote: Nullable(Type.String()),
  status: Type.Union([
    Type.Literal('due'),
    Type.Literal('passed'),
    Type.Literal('failed'),
    Type.Literal('cleared'),
    Type.Literal('refused'),
  ]),
  attempts: Type.Integer(),
  check: Nullable(Type.Record(Type.String(), Type.Unknown())),
  flags: Type.Array(Type.String()),
  createdAt: Type.Number(),
  attemptedAt: Nullable(Type.Number()),
  completedAt: Nullable(Type.Number()),
  reviewNote: Nullable(Type.String()),
});
export type FaceRecheckRecord = Static<typeof FaceRecheckRecord>;

export const FaceRechecksAnswer = Type.Object({ records: Type.Array(FaceRecheckRecord) });
export type FaceRechecksAnswer = Static<typeof FaceRechecksAnswer>;
