import { sql } from 'kysely';
import type { Tx } from '../../db/tx.ts';
import { accountRefused, conflict } from '../../lib/domain-error.ts';
import { money } from '../../lib/messages.ts';
import { assertRegistrationCompleteForStake } from './rg.registration-due.ts';
import { limitMessageKey, type MoneyPeriod, PERIODS, periodStart, SESSION_IDLE_MS } from './rg.rules.ts';
import { keyOf, type LimitRow, limitState, playTotals, rgClock } from './rg.service.ts';

/**
 * Responsible gambling's part of every stake (modules/stakes `takeStake`): the play session and the limit rows
 * inside the stake's opening statement, then the check of the session, stake and loss limits on its answer.
 */

/** The clock of one stake's play session: read once, for the opening statement and for the check. */
export interface StakeClock {
  now: Date;
  /** A session whose last stake is older than this has ended; the stake starts a new one. */
  idleBefore: Date;
}

export function stakeClock(): StakeClock {
  const now = rgClock.now();
  return { now, idleBefore: new Date(now.getTime() - SESSION_IDLE_MS) };
}

/**
 * The play session's part of a stake's opening statement (modules/stakes `openStake`): moves the session of the
 * player that `source` (a CTE that has locked the player's row) returns as `id`, starting a new one after 30 idle
 * minutes; answers `started_at`.
 */
export const playSessionUpsert = (source: string, { now, idleBefore }: StakeClock) => sql<{
  started_at: Date;
}>`
      INSERT INTO rg_play_sessions (user_id, started_at, last_play_at, last_reality_at)
      SELECT id, ${now}, ${now}, ${now} FROM ${sql.table(source)}
      ON CONFLICT (user_id) DO UPDATE SET
        started_at = CASE WHEN rg_play_sessions.last_play_at < ${idleBefore} THEN ${now} ELSE rg_play_sessions.started_at END,
        last_reality_at = CASE WHEN rg_play_sessions.last_play_at < ${idleBefore} OR rg_play_sessions.last_reality_at IS NULL
                               THEN ${now} ELSE rg_play_sessions.last_reality_at END,
        last_play_at = ${now}
      RETURNING started_at`;

/**
 * The player's state in a stake's opening statement (modules/stakes `openStake`): whether a time-out or
 * self-exclusion runs now. The account's status comes from the row the statement has just locked and updated, so
 * it is the committed one even when an exclusion or a block committed while the stake waited for the row's lock;
 * the exclusion table catches an exclusion whatever an operator did to the status since.
 */
export const exclusionRunning = (userId: bigint, { now }: StakeClock) => sql<boolean>`
      EXISTS (SELECT 1 FROM rg_exclusions x
               WHERE x.user_id = ${userId} AND (x.ends_at IS NULL OR x.ends_at > ${now}))`;

/** What a stake's opening statement tells the stake check about the player's state. */
export interface StakePlayerState {
  /** The account's status (users.status), read from the locked row. */
  status: string;
  /** A time-out or self-exclusion runs now. */
  excluded: boolean;
  /**
   * A repeat face check closes the player's money calls (login or operator, decision 0068). Requests are stopped at
   * the token lookup; this stops what no player request carries: a provider's callback on a session opened before.
   * Read only by the single stake's statement: the batched instant bets come through that gate alone.
   */
  faceCheckDue?: boolean;
}

/**
 * The first verdict on every stake of every product (originals, round games, sports, provider slots): a blocked
 * account, or a player in a time-out or self-exclusion, stakes nothing (1403). It runs inside the stake's
 * transaction on what the opening statement read with the player's row locked, so an exclusion or a block that
 * commits while a stake is on its way wins: the stake waits for the row and is refused.
 */
export function assertMayStake(state: StakePlayerState): void {
  if (state.status !== 'active' || state.excluded) throw accountRefused('rg.play_refused');
  if (state.faceCheckDue) throw accountRefused('identity.face_check_due');
}

/**
 * The stake check, in `takeStake` (modules/stakes) inside the bet's transaction, from what the stake's opening
 * statement answered: the play session's start (its limit, and the reality check's clock) and the player's limit
 * rows; then the stake and loss limits of the player's day, week and month. A refusal is a 409 naming the limit;
 * the bet's transaction rolls back, nothing moves. Under br-licensed an older registration without art. 31's
 * fields is refused first (1403, rg.registration-due.ts).
 */
export async function assertWithinStakeLimits(
  trx: Tx,
  userId: bigint,
  amountCents: bigint,
  opened: { sessionStartedAt: Date | string; limits: readonly LimitRow[]; player: StakePlayerState },
  { now }: StakeClock,
): Promise<void> {
  assertMayStake(opened.player);
  const state = limitState(opened.limits, now);
  // br-licensed: a player registered before art. 31's fields completes them first (decision 0055).
  await assertRegistrationCompleteForStake(trx, userId, state);
  const sessionLimit = state.effective.get(keyOf('session', ''));
  if (sessionLimit !== undefined) {
    const startedAt = new Date(opened.sessionStartedAt).getTime();
    if (now.getTime() - startedAt >= Number(sessionLimit) * 60_000)
      throw conflict('rg.limit.session', { minutes: Number(sessionLimit) });
  }
  const checks: { kind: 'stake' | 'loss'; period: MoneyPeriod; limit: bigint }[] = [];
  for (const kind of ['stake', 'loss'] as const)
    for (const period of PERIODS) {
      const limit = state.effective.get(keyOf(kind, period));
      if (limit !== undefined) checks.push({ kind, period, limit });
    }
  if (checks.length === 0) return;
  const zone = await zoneOf(trx, userId);
  const totals = await playTotals(
    trx,
    userId,
    checks.map((check) => periodStart(now, zone, check.period)),
  );
  checks.forEach((check, index) => {
    const { staked, net } = totals[index]!;
    // A loss limit bounds the period's result: the stake is at risk in full, winnings of the period offset it.
    const over =
      check.kind === 'stake' ? staked + amountCents > check.limit : amountCents - net > check.limit;
    if (over) throw conflict(limitMessageKey(check.kind, check.period), { limit: money(check.limit) });
  });
}

async function zoneOf(db: Tx, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('zone_minutes')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.zone_minutes;
}
