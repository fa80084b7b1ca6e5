import {
  applyMultiplier,
  type DoubleColor,
  doubleColor,
  doubleColorMultiplier,
  LUCKY_COLOR_NUMBER_COUNT,
  type LuckyColorPick,
  luckyColorPayoutHundredths,
  multiplierFromHundredths,
  nextChainHash,
} from '@aposta/fair';
import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import { conflict, invalidInput, notFound } from '../../lib/domain-error.ts';
import { originals } from '../stakes/stake.rules.ts';
import { takeStake } from '../stakes/stake.ts';
import { balancesOfStake, checkStake, gameLimits } from './game-money.ts';
import { betRoundKey, type RoundTable } from './rounds.engine.ts';
import { ensureChain, findRound, latestRound, lockRoundForBet, recentRounds } from './rounds.repository.ts';
import { LUCKY_COLOR_PERIODS_SECONDS } from './rounds.schedule.ts';

const HISTORY_SIZE = 100;
const maskUsername = (username: string) => `${username.slice(0, 2)}***`;

export function luckyTable(period: number): RoundTable {
  if (!(LUCKY_COLOR_PERIODS_SECONDS as readonly number[]).includes(period)) {
    throw invalidInput('validation.field', { field: 'period', reason: '30, 60, 180, 300' });
  }
  return { game: 'luckyColor', periodSeconds: period };
}
export const DOUBLE_TABLE: RoundTable = { game: 'double', periodSeconds: 0 };

async function roundBets(ctx: AppContext, table: RoundTable, roundKey: string) {
  const rows = await ctx.db
    .selectFrom('game_bets')
    .innerJoin('users', 'users.id', 'game_bets.user_id')
    .select(['game_bets.id', 'game_bets.amount_cents', 'game_bets.detail', 'users.username'])
    .where('game', '=', table.game)
    .where('round_key', '=', betRoundKey(table, roundKey))
    .orderBy('game_bets.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    betId: Number(row.id),
    player: maskUsername(row.username),
    amount: centsToReais(row.amount_cents),
    pick: row.detail.pick as string,
  }));
}

/** What every round game's state answer shares: the latest round's phase and clock, the published chain. */
async function roundBasics(ctx: AppContext, table: RoundTable, chainLength: number) {
  const chain = await ensureChain(ctx.db, table.game, table.periodSeconds, chainLength);
  const round = await latestRound(ctx.db, table.game, table.periodSeconds);
  const history = await recentRounds(ctx.db, table.game, table.periodSeconds, HISTORY_SIZE);
  const phase = round?.phase ?? 'complete';
  const endsAt = round ? (phase === 'betting' ? round.betting_ends_at : round.ends_at).getTime() : Date.now();
  const common = { phase, endsAt, chain: { terminatingHash: chain.terminating_hash, salt: chain.salt } };
  return { round, history, common };
}

/** Double's state: the round in play, its bets, and the last results. */
export async function doubleState(ctx: AppContext, chainLength: number) {
  const { round, history, common } = await roundBasics(ctx, DOUBLE_TABLE, chainLength);
  return {
    roundId: round ? Number(round.round_key) : 0,
    ...common,
    ...(common.phase !== 'betting' && round?.outcome != null ? { roll: round.outcome } : {}),
    bets: round ? await roundBets(ctx, DOUBLE_TABLE, round.round_key) : [],
    history: history.map((row) => ({
      roundId: Number(row.round_key),
      roll: row.outcome!,
      color: doubleColor(row.outcome!),
    })),
  };
}

/** A Lucky Color period's state: the issue in play and the last drawn numbers. */
export async function luckyColorState(ctx: AppContext, table: RoundTable, chainLength: number) {
  const { round, history, common } = await roundBasics(ctx, table, chainLength);
  return {
    period: table.periodSeconds,
    issue: round?.round_key ?? '',
    ...common,
    history: history.map((row) => ({ issue: row.round_key, number: row.outcome! })),
  };
}

const LUCKY_PICKS = ['green', 'red', 'violet', 'big', 'small'];

export function parseLuckyPick(raw: string | number): string | number {
  const text = String(raw);
  if (/^\d$/.test(text)) return Number(text);
  if (LUCKY_PICKS.includes(text)) return text;
  throw invalidInput('validation.field', { field: 'pick', reason: 'green, red, violet, big, small, 0..9' });
}

/** The most a pick can pay (double: 2× or 14×; lucky color: 1.96×, 4.41× or 8.82×), for the payout cap. */
function bestMultiplier(table: RoundTable, pick: DoubleColor | string | number) {
  if (table.game === 'double') return doubleColorMultiplier(pick as DoubleColor);
  let best = 0;
  for (let number = 0; number < LUCKY_COLOR_NUMBER_COUNT; number++) {
    best = Math.max(best, luckyColorPayoutHundredths(pick as LuckyColorPick, number));
  }
  return multiplierFromHundredths(best);
}

/** A bet on the open round: refused (409) once betting has closed; settled by the engine with the round. */
export async function placeRoundBet(
  ctx: AppContext,
  userId: bigint,
  table: RoundTable,
  input: { roundKey: string; amountCents: bigint; pick: DoubleColor | string | number },
) {
  const limits = await gameLimits(ctx, table.game);
  checkStake(
    limits,
    input.amountCents,
    applyMultiplier(input.amountCents, bestMultiplier(table, input.pick)),
  );
  const result = await ctx.db.transaction().execute(async (trx) => {
    const round = await lockRoundForBet(trx, table.game, table.periodSeconds, input.roundKey);
    if (!round) throw notFound();
    if (round.phase !== 'betting' || !round.open) throw conflict('round.closed');
    const stake = await takeStake(trx, {
      userId,
      product: originals(table.game),
      amountCents: input.amountCents,
      record: async () => {
        const bet = await trx
          .insertInto('game_bets')
          .values({
            user_id: userId,
            game: table.game,
            amount_cents: input.amountCents,
            detail: JSON.stringify({ pick: input.pick }),
            status: 'open',
            seed_pair_id: null,
            nonce: null,
            round_key: betRoundKey(table, input.roundKey),
            settled_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return bet.id;
      },
    });
    return { betId: Number(stake.betId), ...balancesOfStake(stake) };
  });
  const player = await ctx.db
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirst();
  ctx.realtime.broadcast('gameBet', {
    game: table.game,
    round: input.roundKey,
    player: maskUsername(player?.username ?? ''),
    amount: centsToReais(input.amountCents),
    pick: input.pick,
  });
  await ctx.events.publish('balanceChanged', { userId });
  return result;
}

/** A settled round with its revealed seed; `hash` is the next link (sha256 of the seed), for checking. */
export async function roundDetail(ctx: AppContext, table: RoundTable, roundKey: string) {
  const round = await findRound(ctx.db, table.game, table.periodSeconds, roundKey);
  if (round?.phase !== 'complete' || round.seed === null || round.outcome === null) throw notFound();
  return { round, hash: nextChainHash(round.seed) };
}
