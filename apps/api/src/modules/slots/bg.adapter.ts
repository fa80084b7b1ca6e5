import type { AppContext } from '../../app-context.ts';
import { SlotRefusal, walletBalance } from './slots.callback.ts';
import { playAndRollback } from './slots.rollback.ts';
import { bgSignature, minorToCents, type SlotRefusalReason, sameSecret } from './slots.rules.ts';
import { findCallbackSession, type SlotSession } from './slots.sessions.ts';
import type { Movement } from './slots.wallet.ts';

/**
 * BGaming's casino protocol (SoftSwiss family, docs/providers/bg.md): JSON POSTs to `play` and `rollback`,
 * signed with `X-REQUEST-SIGN` = hex HMAC-SHA256 of the raw body with the casino's auth token. `play` carries an
 * `actions` array (bet, win; none: a balance request), `rollback` a list of rollback actions naming
 * `original_action_id`. Money in minor units (centavos). Errors: an HTTP status with `{ code, message }`.
 */

export interface BgAnswer {
  status: number;
  body: Record<string, unknown>;
}

const ERRORS: Record<SlotRefusalReason, { status: number; code: number; message: string }> = {
  insufficient_funds: { status: 412, code: 100, message: 'Player has not enough funds to process an action' },
  session_unknown: { status: 412, code: 101, message: 'Player is invalid' },
  session_closed: { status: 412, code: 101, message: 'Player is invalid' },
  session_expired: { status: 412, code: 101, message: 'Player is invalid' },
  player_refused: { status: 412, code: 110, message: 'Player is disabled' },
  round_unknown: { status: 412, code: 107, message: 'Game is not found or rolled back' },
  round_rolled_back: { status: 412, code: 107, message: 'Game is not found or rolled back' },
  round_closed: { status: 412, code: 107, message: 'Game is already finished' },
  round_settled: { status: 412, code: 107, message: 'Game is already finished' },
  debit_rolled_back: { status: 412, code: 107, message: 'Action was rolled back' },
  bet_over_limit: { status: 412, code: 106, message: 'Bet exceeded max bet limit' },
  game_stopped: { status: 412, code: 107, message: 'Game is forbidden' },
  duplicate_mismatch: { status: 400, code: 400, message: 'Bad request' },
  rollback_target_invalid: { status: 400, code: 400, message: 'Bad request' },
  bad_request: { status: 400, code: 400, message: 'Bad request' },
  bad_signature: { status: 403, code: 403, message: 'Forbidden' },
};

function fail(reason: SlotRefusalReason, balanceCents?: bigint): BgAnswer {
  const error = ERRORS[reason];
  return {
    status: error.status,
    body: {
      code: error.code,
      message: error.message,
      ...(balanceCents === undefined ? {} : { balance: Number(balanceCents) }),
    },
  };
}

/** BGaming names a player by `user_id`: the player's id, never the e-mail. */
export const bgUserId = (userId: bigint) => `p${userId}`;

interface BgAction {
  action: 'bet' | 'win' | 'rollback';
  action_id: string;
  amount?: bigint;
  original_action_id?: string;
}

interface BgRequest {
  sessionId: string;
  userId: string;
  currency: string;
  gameId: string;
  finished: boolean;
  actions: BgAction[];
}

const ID = /^[\w:.-]{1,100}$/;

function readRequest(raw: string): BgRequest | undefined {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const actionsIn = body.actions ?? [];
  if (!Array.isArray(actionsIn) || actionsIn.length > 20) return undefined;
  const actions: BgAction[] = [];
  for (const item of actionsIn as Record<string, unknown>[]) {
    const action = item?.action;
    const actionId = text(item?.action_id);
    if (!ID.test(actionId)) return undefined;
    if (action === 'bet' || action === 'win') {
      const amount = minorToCents(item.amount);
      if (amount === undefined) return undefined;
      actions.push({ action, action_id: actionId, amount });
    } else if (action === 'rollback') {
      const original = text(item.original_action_id);
      if (!ID.test(original)) return undefined;
      actions.push({ action, action_id: actionId, original_action_id: original });
    } else return undefined;
  }
  const request: BgRequest = {
    sessionId: text(body.session_id),
    userId: text(body.user_id),
    currency: text(body.currency),
    gameId: text(body.game_id),
    finished: body.finished === true,
    actions,
  };
  if (request.currency !== 'BRL' || (actions.length > 0 && !ID.test(request.gameId))) return undefined;
  return request;
}

export async function handleBg(
  ctx: AppContext,
  call: 'play' | 'rollback',
  raw: string,
  signature: string | undefined,
): Promise<BgAnswer> {
  if (!signature || !sameSecret(signature, bgSignature(raw, ctx.config.slots.bg.authToken))) {
    ctx.log.warn({ provider: 'BG', call }, 'slots: callback refused, bad signature');
    return fail('bad_signature');
  }
  const request = readRequest(raw);
  if (!request) return fail('bad_request');
  const session = await findCallbackSession(ctx.db, 'BG', request.sessionId.slice(0, 64));
  if (!session || request.userId !== bgUserId(session.userId)) {
    ctx.log.warn({ provider: 'BG', call }, 'slots: callback refused, unknown session');
    return fail('session_unknown');
  }
  try {
    if (call === 'rollback') {
      if (request.actions.some((action) => action.action !== 'rollback')) return fail('bad_request');
      return await rollbacks(ctx, session, request);
    }
    return await playActions(ctx, session, request);
  } catch (error) {
    if (!(error instanceof SlotRefusal)) throw error;
    if (error.reason.startsWith('session_'))
      ctx.log.warn(
        { provider: 'BG', session: session.id.toString(), reason: error.reason },
        'slots: callback refused',
      );
    return fail(error.reason, error.balanceCents);
  }
}

const transaction = (actionId: string, id: bigint) => ({
  action_id: actionId,
  tx_id: id.toString(),
  processed_at: new Date().toISOString(),
});

/**
 * `play`: bets and wins of one game round in one call (a rollback action in it is handled as `rollback`). All
 * the actions of one request are one database transaction: a refused action leaves none of the others behind,
 * so a retried request never finds half of it done.
 */
async function playActions(ctx: AppContext, session: SlotSession, request: BgRequest): Promise<BgAnswer> {
  const movements: Movement[] = [];
  const rollbackActions = request.actions.filter((action) => action.action === 'rollback');
  for (const action of request.actions) {
    if (action.action === 'rollback') continue;
    movements.push({
      txId: action.action_id,
      kind: action.action === 'bet' ? 'debit' : 'credit',
      amountCents: action.amount!,
    });
  }
  if (movements.length === 0 && !request.finished && rollbackActions.length === 0) {
    const balanceCents = await walletBalance(ctx.db, session.userId);
    return {
      status: 200,
      body: { balance: Number(balanceCents), game_id: request.gameId, transactions: [] },
    };
  }
  const result = await playAndRollback(
    ctx,
    session,
    movements.length > 0 || request.finished
      ? { roundRef: request.gameId, movements, endRound: request.finished }
      : undefined,
    rollbackActions.map((action) => ({ txId: action.action_id, targetTxId: action.original_action_id! })),
  );
  const transactions = [
    ...(result.play?.movements ?? []).map((movement) => transaction(movement.txId, movement.id)),
    ...result.rollbacks.map((done, index) => transaction(rollbackActions[index]!.action_id, done.id)),
  ];
  return {
    status: 200,
    body: { balance: Number(result.balanceCents), game_id: request.gameId, transactions },
  };
}

async function rollbacks(ctx: AppContext, session: SlotSession, request: BgRequest): Promise<BgAnswer> {
  return playActions(ctx, session, { ...request, finished: false });
}
