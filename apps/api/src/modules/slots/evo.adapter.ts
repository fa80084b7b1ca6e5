import type { AppContext } from '../../app-context.ts';
import { SlotRefusal, walletBalance } from './slots.callback.ts';
import { rollback } from './slots.rollback.ts';
import {
  centsToDecimalText,
  decimalToCents,
  evoSignature,
  type SlotRefusalReason,
  sameSecret,
} from './slots.rules.ts';
import { findSession, type SlotSession, sessionProblemOf } from './slots.sessions.ts';
import { play } from './slots.wallet.ts';

/**
 * Evoplay's callbacks (docs/providers/evo.md): one endpoint receiving `{ token, callback_id, name, data,
 * signature }` with name `init`, `bet`, `win` or `refund`, signed with the MD5 of the project id, the API
 * version, the fields and the secret key joined by '*'. Answered HTTP 200 with `{ status: 'ok', data: {
 * balance, currency } }` or `{ status: 'error', error: { scope, no_refund, message } }`. Money in reais as
 * decimal text. `callback_id` keys every call; a refund names the callback it undoes.
 */

export type EvoAnswer =
  | { status: 'ok'; data: { balance: string; currency: string } }
  | { status: 'error'; error: { scope: 'user' | 'internal'; no_refund: '0' | '1'; message: string } };

const MESSAGES: Record<SlotRefusalReason, { scope: 'user' | 'internal'; message: string }> = {
  insufficient_funds: { scope: 'user', message: 'Not enough money' },
  session_unknown: { scope: 'user', message: 'Token is invalid' },
  session_closed: { scope: 'user', message: 'Session is closed' },
  session_expired: { scope: 'user', message: 'Session is expired' },
  player_refused: { scope: 'user', message: 'Player is blocked' },
  round_unknown: { scope: 'internal', message: 'Round not found' },
  round_rolled_back: { scope: 'internal', message: 'Round was refunded' },
  round_closed: { scope: 'internal', message: 'Round is finished' },
  round_settled: { scope: 'internal', message: 'Round is finished' },
  debit_rolled_back: { scope: 'internal', message: 'Bet was refunded' },
  bet_over_limit: { scope: 'user', message: 'Bet limit exceeded' },
  game_stopped: { scope: 'user', message: 'Game is unavailable' },
  duplicate_mismatch: { scope: 'internal', message: 'Callback id reused' },
  rollback_target_invalid: { scope: 'internal', message: 'Refund target is not a bet' },
  bad_request: { scope: 'internal', message: 'Bad request' },
  bad_signature: { scope: 'internal', message: 'Signature is invalid' },
};

function fail(reason: SlotRefusalReason): EvoAnswer {
  // no_refund '1': the provider must not retry this as a refund (nothing moved, or the refusal is final).
  return { status: 'error', error: { ...MESSAGES[reason], no_refund: '1' } };
}

const okAnswer = (balanceCents: bigint): EvoAnswer => ({
  status: 'ok',
  data: { balance: centsToDecimalText(balanceCents), currency: 'BRL' },
});

const ID = /^[\w:.-]{1,100}$/;

/** The signed fields of a callback, in the order the signature takes them. */
export const evoSignedFields = (body: Record<string, unknown>) => [
  body.token,
  body.callback_id,
  body.name,
  body.data,
];

export async function handleEvo(ctx: AppContext, body: Record<string, unknown>): Promise<EvoAnswer> {
  const { projectId, version, secretKey } = ctx.config.slots.evo;
  const expected = evoSignature(projectId, version, evoSignedFields(body), secretKey);
  if (typeof body.signature !== 'string' || !sameSecret(body.signature, expected)) {
    ctx.log.warn(
      { provider: 'EVO', name: String(body.name).slice(0, 16) },
      'slots: callback refused, bad signature',
    );
    return fail('bad_signature');
  }
  const session = await findSession(ctx.db, 'EVO', String(body.token ?? '').slice(0, 64));
  if (!session) {
    ctx.log.warn({ provider: 'EVO' }, 'slots: callback refused, unknown session');
    return fail('session_unknown');
  }
  const callbackId = String(body.callback_id ?? '');
  const data = (typeof body.data === 'object' && body.data !== null ? body.data : {}) as Record<
    string,
    unknown
  >;
  if (!ID.test(callbackId)) return fail('bad_request');
  try {
    switch (body.name) {
      case 'init': {
        const problem = sessionProblemOf(session);
        if (problem) return refused(ctx, session, problem);
        return okAnswer(await walletBalance(ctx.db, session.userId));
      }
      case 'bet':
      case 'win':
        return await money(ctx, session, body.name, callbackId, data);
      case 'refund': {
        const target = String(data.refund_callback_id ?? '');
        if (!ID.test(target)) return fail('bad_request');
        const result = await rollback(ctx, session, { txId: callbackId, targetTxId: target });
        return okAnswer(result.balanceCents);
      }
      default:
        return fail('bad_request');
    }
  } catch (error) {
    if (error instanceof SlotRefusal) return refused(ctx, session, error.reason);
    throw error;
  }
}

function refused(ctx: AppContext, session: SlotSession, reason: SlotRefusalReason): EvoAnswer {
  if (reason.startsWith('session_'))
    ctx.log.warn({ provider: 'EVO', session: session.id.toString(), reason }, 'slots: callback refused');
  return fail(reason);
}

async function money(
  ctx: AppContext,
  session: SlotSession,
  name: 'bet' | 'win',
  callbackId: string,
  data: Record<string, unknown>,
): Promise<EvoAnswer> {
  const amountCents = decimalToCents(data.amount);
  const roundRef = String(data.round_id ?? '');
  if (amountCents === undefined || !ID.test(roundRef) || (data.currency ?? 'BRL') !== 'BRL')
    return fail('bad_request');
  const result = await play(ctx, session, {
    roundRef,
    movements: [{ txId: callbackId, kind: name === 'bet' ? 'debit' : 'credit', amountCents }],
    endRound: data.final_action === true || data.final_action === 1 || data.final_action === '1',
  });
  return okAnswer(result.balanceCents);
}
