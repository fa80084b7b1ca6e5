import {
  type BetResultCode,
  type BuilderSamples,
  builderCashoutCents,
  type FootballModel,
  simulateBuilderSamples,
} from '@aposta/sports';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import { BUILDER_SAMPLES, liveStateOf, seedOf } from './builder.pricing.ts';
import { builderBoard, builderLegsOf, builderMatch, builderPricingOf } from './builder.repository.ts';
import { builderLegOfRow } from './builder.settlement.ts';

/**
 * Cash-out of a builder bet (decision 0062): the remaining stake × the bet's odds × the chance, from the bet's own
 * model at the match's live state now, that every leg still wins (those already won count as won), less the
 * cash-out margin. Not offered while one of its markets is not open (a goal being traded: never a stale price), nor
 * once a leg lost or was void.
 */

const cache = new Map<string, BuilderSamples>();

function liveSamples(model: FootballModel, match: NonNullable<Awaited<ReturnType<typeof builderMatch>>>) {
  const key = `${match.id}:${match.state_version}:${JSON.stringify(model)}`;
  let samples = cache.get(key);
  if (!samples) {
    samples = simulateBuilderSamples(
      model,
      liveStateOf(match),
      BUILDER_SAMPLES,
      seedOf(match.id, match.state_version),
    );
    if (cache.size >= 32) cache.delete(cache.keys().next().value!);
    cache.set(key, samples);
  }
  return samples;
}

/** The cash-out value of each builder bet among `bets` (null: not offered); bets of other types are not in the map. */
export async function builderCashoutValues(
  db: Db | Tx,
  bets: readonly { id: bigint; remaining: bigint }[],
  marginBasisPoints: number,
): Promise<Map<bigint, bigint | null>> {
  const values = new Map<bigint, bigint | null>();
  if (bets.length === 0) return values;
  const builders = await db
    .selectFrom('sports_bets as b')
    .innerJoin('sports_builder_bets as bb', 'bb.bet_id', 'b.id')
    .select(['b.id', 'b.odds_milli', 'bb.match_id'])
    .where(
      'b.id',
      'in',
      bets.map((bet) => bet.id),
    )
    .execute();
  if (builders.length === 0) return values;
  const ids = builders.map((bet) => bet.id);
  const [pricings, legRows] = await Promise.all([builderPricingOf(db, ids), builderLegsOf(db, ids)]);
  for (const bet of builders) {
    const match = await builderMatch(db, bet.match_id);
    const board = await builderBoard(db, bet.match_id);
    const rows = legRows.filter((row) => row.bet_id === bet.id);
    const marketIds = new Set(
      (await db.selectFrom('sports_bet_legs').select('market_id').where('bet_id', '=', bet.id).execute()).map(
        (row) => row.market_id,
      ),
    );
    const allOpen = board.filter((row) => marketIds.has(row.market_id)).every((row) => row.status === 'open');
    const pricing = pricings.find((row) => row.bet_id === bet.id)!;
    if (!match || !allOpen || match.period < 0 || match.period > 5) {
      values.set(bet.id, null);
      continue;
    }
    values.set(
      bet.id,
      builderCashoutCents(
        bets.find((item) => item.id === bet.id)!.remaining,
        Number(bet.odds_milli),
        rows.map(builderLegOfRow),
        rows.map((row) => row.result as BetResultCode),
        liveSamples(pricing.model as FootballModel, match),
        marginBasisPoints,
      ),
    );
  }
  return values;
}

/** What a builder bet's sold stake would have paid (stake × the bet's odds): the exposure cash-out takes off. */
export async function builderSoldPayout(
  trx: Tx,
  betId: bigint,
  soldStakeCents: bigint,
): Promise<bigint | undefined> {
  const bet = await trx
    .selectFrom('sports_bets')
    .select('odds_milli')
    .where('id', '=', betId)
    .where('type', '=', 'builder')
    .executeTakeFirst();
  return bet ? (soldStakeCents * bet.odds_milli) / 1000n : undefined;
}
