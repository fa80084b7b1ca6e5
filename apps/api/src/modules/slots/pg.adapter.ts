import type { AppContext } from '../../app-context.ts';
import { SlotRefusal, walletBalance } from './slots.callback.ts';
import { centsToAmount, decimalToCents, type SlotRefusalReason, sameSecret } from './slots.rules.ts';
import { findSession, type SlotSession, sessionProblemOf } from './slots.sessions.ts';
import { type Movement, play } from './slots.wallet.ts';

/**
 * PG Soft's seamless wallet (docs/providers/pg.md): form-encoded POSTs to VerifySession, Cash/Get and
 * Cash/TransferInOut, authenticated by the shared operator_token and secret_key in the body, answered HTTP 200
 * with `{ data, error }` where error is `{ code, message }`. Money in reais as decimal numbers.
 */

export const PG_ERRORS: Record<
  SlotRefusalReason | 'operator' | 'internal',
  { code: string; message: string }
> = {
  operator: { code: '1204', message: 'Invalid operator' },
  bad_signature: { code: '1204', message: 'Invalid operator' },
  bad_request: { code: '1034', message: 'Invalid request' },
  duplicate_mismatch: { code: '1034', message: 'Invalid request' },
  rollback_target_invalid: { code: '1034', message: 'Invalid request' },
  session_unknown: { code: '1300', message: 'Invalid player session' },
  session_closed: { code: '1300', message: 'Invalid player session' },
  session_expired: { code: '1302', message: 'Player session expired' },
  player_refused: { code: '1300', message: 'Invalid player session' },
  insufficient_funds: { code: '3202', message: 'Insufficient balance' },
  round_unknown: { code: '3021', message: 'Bet does not exist' },
  round_rolled_back: { code: '3021', message: 'Bet does not exist' },
  round_closed: { code: '3021', message: 'Bet does not exist' },
  round_settled: { code: '3021', message: 'Bet does not exist' },
  debit_rolled_back: { code: '3033', message: 'Bet failed' },
  bet_over_limit: { code: '3033', message: 'Bet failed' },
  game_stopped: { code: '3033', message: 'Bet failed' },
  internal: { code: '1200', message: 'Internal server error' },
};

export type PgAnswer = {
  data: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
};

const fail = (reason: keyof typeof PG_ERRORS): PgAnswer => ({ data: null, error: PG_ERRORS[reason] });

/** PG names a player by `player_name`; ours is the player's id, never the e-mail. */
export const pgPlayerName = (userId: bigint) => `p${userId}`;

const flag = (value: string | null) => value === 'true' || value === 'True' || value === '1';

export async function handlePg(ctx: AppContext, call: string, form: URLSearchParams): Promise<PgAnswer> {
  const { operatorToken, secretKey } = ctx.config.slots.pg;
  if (
    !sameSecret(form.get('operator_token') ?? '', operatorToken) ||
    !sameSecret(form.get('secret_key') ?? '', secretKey)
  ) {
    ctx.log.warn({ provider: 'PG', call }, 'slots: callback refused, bad operator credentials');
    return fail('operator');
  }
  const session = await findSession(ctx.db, 'PG', (form.get('operator_player_session') ?? '').slice(0, 64));
  if (!session) {
    ctx.log.warn({ provider: 'PG', call }, 'slots: callback refused, unknown session');
    return fail('session_unknown');
  }
  const playerName = form.get('player_name');
  if (playerName !== null && playerName !== pgPlayerName(session.userId)) return fail('bad_request');
  try {
    switch (call) {
      case 'VerifySession': {
        const problem = sessionProblemOf(session);
        if (problem) return refused(ctx, session, problem);
        return {
          data: {
            player_name: pgPlayerName(session.userId),
            nickname: pgPlayerName(session.userId),
            currency: 'BRL',
          },
          error: null,
        };
      }
      case 'Cash/Get':
        return {
          data: {
            currency_code: 'BRL',
            balance_amount: centsToAmount(await walletBalance(ctx.db, session.userId)),
            updated_time: Date.now(),
          },
          error: null,
        };
      case 'Cash/TransferInOut':
        return await transferInOut(ctx, session, form);
      default:
        return fail('bad_request');
    }
  } catch (error) {
    if (error instanceof SlotRefusal) return refused(ctx, session, error.reason);
    throw error;
  }
}

function refused(ctx: AppContext, session: SlotSession, reason: SlotRefusalReason): PgAnswer {
  if (reason.startsWith('session_'))
    ctx.log.warn({ provider: 'PG', session: session.id.toString(), reason }, 'slots: callback refused');
  return fail(reason);
}

/**
 * One spin: the bet and the win of it together. `transaction_id` keys the call (its bet and its win are two
 * movements keyed from it); `parent_bet_id` is the round, so the free spins of a trigger (bet 0, is_feature)
 * pay into the trigger's round, which must exist and be open. A resend (`is_validate_bet`) is answered like any
 * copy: done once, answered the same.
 */
async function transferInOut(
  ctx: AppContext,
  session: SlotSession,
  form: URLSearchParams,
): Promise<PgAnswer> {
  const betCents = decimalToCents(form.get('bet_amount') ?? '');
  const winCents = decimalToCents(form.get('win_amount') ?? '');
  const transferText = form.get('transfer_amount') ?? '';
  const transferNegative = transferText.startsWith('-');
  const transferCents = decimalToCents(transferNegative ? transferText.slice(1) : transferText);
  const transactionId = form.get('transaction_id') ?? '';
  const roundRef = form.get('parent_bet_id') || form.get('bet_id') || '';
  if (
    betCents === undefined ||
    winCents === undefined ||
    transferCents === undefined ||
    (transferNegative ? -transferCents : transferCents) !== winCents - betCents ||
    form.get('currency_code') !== 'BRL' ||
    !/^[\w-]{1,100}$/.test(transactionId) ||
    !/^[\w-]{1,100}$/.test(roundRef)
  )
    return fail('bad_request');
  const movements: Movement[] = [];
  if (betCents > 0n) movements.push({ txId: `${transactionId}:bet`, kind: 'debit', amountCents: betCents });
  if (winCents > 0n) movements.push({ txId: `${transactionId}:win`, kind: 'credit', amountCents: winCents });
  if (movements.length === 0) {
    // A spin of nothing that wins nothing (a free spin without a win) still needs its round.
    movements.push({ txId: `${transactionId}:win`, kind: 'credit', amountCents: 0n });
  }
  const result = await play(ctx, session, {
    roundRef,
    movements,
    endRound: flag(form.get('is_end_round')),
  });
  return {
    data: {
      currency_code: 'BRL',
      balance_amount: centsToAmount(result.balanceCents),
      updated_time: Date.now(),
    },
    error: null,
  };
}
