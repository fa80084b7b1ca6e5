import type { AdminTournamentsAnswer, MissionCreateBody, TournamentCreateBody } from '@aposta/contract';
import { centsToReais, tryParseAmountToCents } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { conflict, invalidInput } from '../../lib/domain-error.ts';
import { presentMission } from './missions.service.ts';
import { missionsWithProgress, recentTournaments, tournamentScores } from './tournaments.repository.ts';
import { prizesAllowed } from './tournaments.rules.ts';
import { presentTournament, tournamentClock } from './tournaments.service.ts';

const DAY_MS = 86_400_000;

function cents(value: string | number | undefined, fallback: bigint): bigint {
  if (value === undefined) return fallback;
  const parsed = tryParseAmountToCents(value);
  if (!parsed.ok) throw invalidInput('tournaments.bad_amount');
  return parsed.amountCents;
}

function checkPeriod(startsAt: number, endsAt: number): void {
  if (endsAt <= startsAt) throw invalidInput('tournaments.bad_period');
  if (endsAt <= tournamentClock.now().getTime()) throw invalidInput('tournaments.bad_period');
}

/** Under br-licensed no prize or reward may be offered (decision 0067): a leaderboard alone, or a mission without reward. */
function refuseMoneyUnderLicence(ctx: AppContext, totalCents: bigint): void {
  if (totalCents > 0n && !prizesAllowed(ctx.config.regulatoryProfile))
    throw conflict('tournaments.prizes_not_allowed');
}

export async function createTournament(ctx: AppContext, actor: Actor, body: TournamentCreateBody) {
  checkPeriod(body.startsAt, body.endsAt);
  const prizes = body.prizes.map((prize) => cents(prize, 0n));
  refuseMoneyUnderLicence(
    ctx,
    prizes.reduce((sum, p) => sum + p, 0n),
  );
  const values = {
    name: body.name,
    games: [...new Set(body.games)],
    scoring: body.scoring,
    min_stake_cents: cents(body.minStake, 100n),
    starts_at: new Date(body.startsAt),
    ends_at: new Date(body.endsAt),
    created_by: actor.username,
  };
  if (values.min_stake_cents <= 0n) throw invalidInput('tournaments.bad_amount');
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('tournaments')
      .values({ ...values, prizes_cents: sql`${prizes.map(String)}::bigint[]` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      action: 'tournaments.create',
      target: `tournament:${row.id}`,
      before: null,
      after: { ...values, prizes },
    });
    return { id: Number(row.id) };
  });
}

export async function createMission(ctx: AppContext, actor: Actor, body: MissionCreateBody) {
  checkPeriod(body.startsAt, body.endsAt);
  const rewardCents = cents(body.reward, 0n);
  refuseMoneyUnderLicence(ctx, rewardCents);
  const values = {
    name: body.name,
    game: body.game,
    min_multiplier_hundredths: body.minMultiplier,
    min_stake_cents: cents(body.minStake, 100n),
    target_count: body.target,
    reward_cents: rewardCents,
    starts_at: new Date(body.startsAt),
    ends_at: new Date(body.endsAt),
    created_by: actor.username,
  };
  if (values.min_stake_cents <= 0n) throw invalidInput('tournaments.bad_amount');
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('missions').values(values).returning('id').executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      action: 'missions.create',
      target: `mission:${row.id}`,
      before: null,
      after: values,
    });
    return { id: Number(row.id) };
  });
}

/** The operator's list: recent tournaments with what each paid, and missions with their claims. */
export async function adminOverview(ctx: AppContext): Promise<AdminTournamentsAnswer> {
  const now = tournamentClock.now();
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const tournaments = await recentTournaments(ctx.db, since, 100);
  const paid = await ctx.db
    .selectFrom('tournament_prizes')
    .select(['tournament_id', (eb) => eb.fn.sum<string>('prize_cents').as('cents')])
    .groupBy('tournament_id')
    .execute();
  const paidOf = new Map(paid.map((row) => [row.tournament_id, BigInt(row.cents)]));
  const claims = await ctx.db
    .selectFrom('mission_claims')
    .select([
      'mission_id',
      (eb) => eb.fn.countAll<string>().as('n'),
      (eb) => eb.fn.sum<string>('reward_cents').as('cents'),
    ])
    .groupBy('mission_id')
    .execute();
  const claimsOf = new Map(claims.map((row) => [row.mission_id, row]));
  const missions = await missionsWithProgress(ctx.db, null, since);
  const players = await Promise.all(tournaments.map(async (t) => (await tournamentScores(ctx.db, t)).length));
  return {
    tournaments: tournaments.map((t, index) => ({
      ...presentTournament(t, players[index] ?? 0, now),
      createdBy: t.created_by,
      paidAt: t.paid_at?.getTime() ?? null,
      paid: centsToReais(paidOf.get(t.id) ?? 0n),
    })),
    missions: missions.map((m) => ({
      ...presentMission(m),
      createdBy: m.created_by,
      claims: Number(claimsOf.get(m.id)?.n ?? 0),
      paid: centsToReais(BigInt(claimsOf.get(m.id)?.cents ?? 0)),
    })),
    prizesAllowed: prizesAllowed(ctx.config.regulatoryProfile),
  };
}
