import {
  applyMultiplier,
  CRASH_TARGET_MAX_HUNDREDTHS,
  crashHandCashout,
  crashPoint,
  isValidCrashTarget,
  multiplierFromHundredths,
  nextChainHash,
} from '@aposta/fair';
import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../../app-context.ts';
import { conflict, invalidInput, notFound } from '../../../lib/domain-error.ts';
import { originals } from '../../stakes/stake.rules.ts';
import { takeStake } from '../../stakes/stake.ts';
import { balancesAfter, balancesOfStake, checkStake, gameLimits, payoutCapCents } from '../game-money.ts';
import type { CrashClock } from './crash.engine.ts';
import { announceCashout, crashPayoutCents, maskUsername, settleAndPay } from './crash.money.ts';
import {
  crashChain,
  crashRoundBets,
  crashRoundSecret,
  findCrashRound,
  latestCrashRound,
  lockCrashRoundForBet,
  recentCrashRounds,
} from './crash.repository.ts';

const HISTORY_SIZE = 50;
export const CRASH_BETS_PER_ROUND = 2;

export interface CrashDeps {
  ctx: AppContext;
  chainLength: number;
  clock: CrashClock;
}

/** `autoCashout` as sent (a number, 1.01..1,000,000, at most 2 decimals) in hundredths; never rounded. */
export function readAutoCashout(raw: number | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const hundredths = Math.round(raw * 100);
  if (!Number.isFinite(raw) || Math.abs(hundredths - raw * 100) > 1e-6 || !isValidCrashTarget(hundredths))
    throw invalidInput('validation.field', { field: 'autoCashout', reason: '1.01 – 1000000, 2 decimals' });
  return hundredths;
}

/** The round in play, as every client sees it: the curve's value (or the crash point), its bets, the history. */
export async function crashState({ ctx, chainLength, clock }: CrashDeps) {
  const now = clock.now();
  const [chain, round, history] = await Promise.all([
    crashChain(ctx.db, chainLength),
    latestCrashRound(ctx.db),
    recentCrashRounds(ctx.db, HISTORY_SIZE),
  ]);
  const common = {
    serverTime: now,
    history: history.map((row) => ({
      roundId: row.round_id,
      crashPoint: Number(row.crash_hundredths) / 100,
    })),
    chain: { terminatingHash: chain.terminating_hash, salt: chain.salt },
  };
  if (!round) return { roundId: 0, phase: 'crashed' as const, startsAt: now, bets: [], ...common };
  let phase = round.phase as 'betting' | 'running' | 'crashed';
  let multiplier: number | undefined;
  if (phase === 'crashed') multiplier = Number(round.crash_hundredths) / 100;
  if (phase === 'running') {
    const { crashHundredths } = await crashRoundSecret(ctx.db, chainLength, round.round_id);
    const paid = crashHandCashout(now - round.starts_at.getTime(), crashHundredths);
    // Past the crash instant the round has crashed, even while the driver settles it.
    if (paid === null) phase = 'crashed';
    multiplier = (paid ?? crashHundredths) / 100;
  }
  const bets = await crashRoundBets(ctx.db, round.round_id);
  return {
    roundId: round.round_id,
    phase,
    startsAt: round.starts_at.getTime(),
    ...(multiplier === undefined ? {} : { multiplier }),
    bets: bets.map((bet) => ({
      betId: Number(bet.bet_id),
      user: maskUsername(bet.username),
      amount: centsToReais(bet.amount_cents),
      ...(bet.auto_cashout_hundredths === null ? {} : { autoCashout: bet.auto_cashout_hundredths / 100 }),
      ...(bet.cashed_out_hundredths === null ? {} : { cashedOutAt: bet.cashed_out_hundredths / 100 }),
    })),
    ...common,
  };
}

/** A bet on the round still taking bets (409 otherwise), at most two per player per round (409 for a third). */
export async function placeCrashBet(
  { ctx, clock }: CrashDeps,
  userId: bigint,
  input: { roundId: number; amountCents: bigint; autoHundredths: number | undefined },
) {
  const now = new Date(clock.now());
  const limits = await gameLimits(ctx, 'crash');
  const target = input.autoHundredths ?? 101;
  // The payout cap bounds the stake at its auto cash-out target (or 1.01×); a hand cash-out is paid at most the cap.
  checkStake(limits, input.amountCents, applyMultiplier(input.amountCents, multiplierFromHundredths(target)));
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const round = await lockCrashRoundForBet(trx, input.roundId, now);
    if (!round) throw notFound();
    if (round.phase !== 'betting' || !round.open) throw conflict('round.closed');
    const stake = await takeStake(trx, {
      userId,
      product: originals('crash'),
      amountCents: input.amountCents,
      // After takeStake has locked the player's row: their bets on the round are counted one at a time.
      record: async () => {
        const mine = await trx
          .selectFrom('crash_bets')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('round_id', '=', input.roundId)
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        const slot = Number(mine.n) + 1;
        if (slot > CRASH_BETS_PER_ROUND) throw conflict('crash.bet_limit');
        const bet = await trx
          .insertInto('game_bets')
          .values({
            user_id: userId,
            game: 'crash',
            amount_cents: input.amountCents,
            detail: JSON.stringify({ roundId: input.roundId, autoCashout: input.autoHundredths ?? null }),
            status: 'open',
            seed_pair_id: null,
            nonce: null,
            round_key: String(input.roundId),
            settled_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('crash_bets')
          .values({
            bet_id: bet.id,
            round_id: input.roundId,
            user_id: userId,
            slot,
            auto_cashout_hundredths: input.autoHundredths ?? null,
            cashed_out_hundredths: null,
          })
          .execute();
        return bet.id;
      },
    });
    return { betId: Number(stake.betId), roundId: input.roundId, ...balancesOfStake(stake) };
  });
  await announceBet(ctx, userId, { ...input, betId: answer.betId });
  await ctx.events.publish('balanceChanged', { userId });
  return answer;
}

async function announceBet(
  ctx: AppContext,
  userId: bigint,
  input: { roundId: number; betId: number; amountCents: bigint; autoHundredths: number | undefined },
) {
  const player = await ctx.db
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirst();
  ctx.realtime.broadcast('gameBet', {
    game: 'crash',
    round: String(input.roundId),
    roundId: input.roundId,
    betId: input.betId,
    player: maskUsername(player?.username ?? ''),
    amount: centsToReais(input.amountCents),
    ...(input.autoHundredths === undefined ? {} : { autoCashout: input.autoHundredths / 100 }),
  });
}

/**
 * A cash-out by hand, judged by this server's clock when the request arrived: before the crash instant it pays the
 * curve's value then (or the bet's own target, when the curve had already reached it); from the crash on, 409.
 */
export async function cashOutCrashBet({ ctx, chainLength, clock }: CrashDeps, userId: bigint, betId: number) {
  const receivedAt = clock.now();
  const bet = await ctx.db
    .selectFrom('crash_bets')
    .innerJoin('crash_rounds', 'crash_rounds.round_id', 'crash_bets.round_id')
    .select(['crash_bets.round_id', 'crash_rounds.starts_at'])
    .where('crash_bets.bet_id', '=', BigInt(betId))
    .where('crash_bets.user_id', '=', userId)
    .executeTakeFirst();
  if (!bet) throw notFound();
  const elapsed = receivedAt - bet.starts_at.getTime();
  if (elapsed < 0) throw conflict('crash.not_running');
  const { crashHundredths } = await crashRoundSecret(ctx.db, chainLength, bet.round_id);
  const onCurve = crashHandCashout(elapsed, crashHundredths);
  if (onCurve === null) throw conflict('crash.crashed');
  const capCents = await payoutCapCents(ctx, 'crash');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('game_bets')
      .innerJoin('crash_bets', 'crash_bets.bet_id', 'game_bets.id')
      .select(['game_bets.amount_cents', 'game_bets.status', 'crash_bets.auto_cashout_hundredths'])
      .where('game_bets.id', '=', BigInt(betId))
      .forUpdate('game_bets')
      .executeTakeFirstOrThrow();
    if (open.status !== 'open') throw conflict('crash.cashed_out');
    const target = open.auto_cashout_hundredths;
    const hundredths = Math.min(
      target !== null && target <= onCurve ? target : onCurve,
      CRASH_TARGET_MAX_HUNDREDTHS,
    );
    const payoutCents = crashPayoutCents(open.amount_cents, hundredths, capCents);
    await settleAndPay(trx, [{ betId: BigInt(betId), cashedOutHundredths: hundredths, payoutCents }]);
    return { hundredths, payoutCents, ...(await balancesAfter(trx, userId)) };
  });
  const player = await ctx.db
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirst();
  announceCashout(ctx, {
    roundId: bet.round_id,
    betId: BigInt(betId),
    username: player?.username ?? '',
    hundredths: result.hundredths,
    payoutCents: result.payoutCents,
  });
  await ctx.events.publish('balanceChanged', { userId });
  return {
    multiplier: result.hundredths / 100,
    payout: centsToReais(result.payoutCents),
    balance: result.balance,
    freeBalance: result.freeBalance,
  };
}

/** A crashed round with its revealed seed; `hash` is sha256 of the seed (the previous round's seed). */
export async function crashRoundDetail(ctx: AppContext, roundId: number) {
  const round = await findCrashRound(ctx.db, roundId);
  if (round?.phase !== 'crashed' || round.seed === null) throw notFound();
  return {
    roundId,
    crashPoint: Number(round.crash_hundredths) / 100,
    seed: round.seed,
    hash: nextChainHash(round.seed),
  };
}

/** The verifier: any seed's crash point under the crash chain's published salt (or the salt given). */
export async function verifyCrash(ctx: AppContext, chainLength: number, seed: string, salt?: string) {
  const usedSalt = salt ?? (await crashChain(ctx.db, chainLength)).salt;
  return { crashPoint: crashPoint(seed, usedSalt) };
}
