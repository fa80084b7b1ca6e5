import type { LeaderboardRow, Tournament, TournamentBoard, TournamentPayAnswer } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../backoffice/audit.ts';
import { writeAudit } from '../../backoffice/audit.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import {
  endedUnpaid,
  findTournament,
  recentTournaments,
  type TournamentRow,
  tournamentScores,
  usernames,
} from './tournaments.repository.ts';
import { type Ranked, rankScores, tournamentState } from './tournaments.rules.ts';

/** The ledger code of a tournament prize: house_prizes −p, the player's cash +p. */
export const PRIZE_CODE = 'tournament_prize';
const DAY_MS = 86_400_000;
const LEADERS = 20;
const BOARD_TTL_MS = 2_000;

/** A clock the tests move. */
export const tournamentClock = { now: () => new Date() };

const maskName = (username: string) => `${username.slice(0, 2)}***`;

export function presentTournament(t: TournamentRow, players: number, now: Date): Tournament {
  return {
    id: Number(t.id),
    name: t.name,
    games: t.games,
    scoring: t.scoring,
    minStake: centsToReais(t.min_stake_cents),
    startsAt: t.starts_at.getTime(),
    endsAt: t.ends_at.getTime(),
    prizes: t.prizes_cents.map(centsToReais),
    status: tournamentState(t, now),
    players,
  };
}

/** Boards are read by every player on the page every few seconds: one ranking per tournament per 2 s. */
const boards = new Map<bigint, { at: number; ranked: Ranked[] }>();

async function rankedOf(ctx: AppContext, t: TournamentRow): Promise<Ranked[]> {
  const cached = boards.get(t.id);
  if (cached && Date.now() - cached.at < BOARD_TTL_MS) return cached.ranked;
  const ranked = rankScores(await tournamentScores(ctx.db, t), t.prizes_cents);
  boards.set(t.id, { at: Date.now(), ranked });
  return ranked;
}

export async function listTournaments(ctx: AppContext): Promise<Tournament[]> {
  const now = tournamentClock.now();
  const rows = await recentTournaments(ctx.db, new Date(now.getTime() - 7 * DAY_MS));
  const out: Tournament[] = [];
  for (const t of rows) out.push(presentTournament(t, (await rankedOf(ctx, t)).length, now));
  return out;
}

async function rowsOf(ctx: AppContext, t: TournamentRow, ranked: readonly Ranked[], me: bigint | null) {
  const shown = ranked.slice(0, LEADERS);
  const mine = me === null ? undefined : ranked.find((row) => row.userId === me);
  const names = await usernames(
    ctx.db,
    [...shown, ...(mine ? [mine] : [])].map((row) => row.userId),
  );
  const view = (row: Ranked): LeaderboardRow => ({
    rank: row.rank,
    user: maskName(names.get(row.userId) ?? ''),
    score: t.scoring === 'stake' ? centsToReais(row.score) : Number(row.score),
    prize: centsToReais(row.prizeCents),
    me: row.userId === me,
  });
  return { leaders: shown.map(view), mine: mine ? view(mine) : null };
}

export async function tournamentBoard(
  ctx: AppContext,
  id: bigint,
  me: bigint | null,
): Promise<TournamentBoard> {
  const t = await findTournament(ctx.db, id);
  if (!t || t.status === 'cancelled') throw notFound();
  const ranked = await rankedOf(ctx, t);
  const rows = await rowsOf(ctx, t, ranked, me);
  return { tournament: presentTournament(t, ranked.length, tournamentClock.now()), ...rows };
}

/** Writes the prizes of an ended tournament's ranks, each a ledger transaction keyed by (tournament, rank). */
async function writePrizes(trx: Tx, t: TournamentRow, winners: readonly Ranked[]): Promise<void> {
  for (const winner of winners) {
    await trx
      .insertInto('tournament_prizes')
      .values({
        tournament_id: t.id,
        rank: winner.rank,
        user_id: winner.userId,
        score: winner.score,
        prize_cents: winner.prizeCents,
      })
      .execute();
    await postTransaction(trx, {
      code: PRIZE_CODE,
      idempotencyKey: `${PRIZE_CODE}:${t.id}:${winner.rank}`,
      referenceType: 'tournament',
      referenceId: t.id.toString(),
      postings: [
        { account: { kind: 'house_prizes' }, amountCents: -winner.prizeCents },
        { account: { kind: 'player_cash', userId: winner.userId }, amountCents: winner.prizeCents },
      ],
    });
  }
}

/**
 * Pays an ended tournament once: under the tournament row's lock, the final ranking's prizes are written and
 * credited and the tournament marked paid; a second run (another server, a double click) waits on the lock and
 * finds it paid. Players are told after the commit.
 */
export async function payTournament(
  ctx: AppContext,
  id: bigint,
  actor?: Actor,
): Promise<TournamentPayAnswer> {
  const now = tournamentClock.now();
  const paid = await ctx.db.transaction().execute(async (trx) => {
    const t = await findTournament(trx, id, true);
    if (!t) throw notFound();
    if (t.status === 'cancelled') throw conflict('tournaments.cancelled');
    if (now < t.ends_at) throw conflict('tournaments.not_ended');
    const ranked = rankScores(await tournamentScores(trx, t), t.prizes_cents);
    if (t.status === 'paid') return { t, ranked, winners: [] as Ranked[] };
    const winners = ranked.filter((row) => row.prizeCents > 0n);
    await writePrizes(trx, t, winners);
    await trx.updateTable('tournaments').set({ status: 'paid', paid_at: now }).where('id', '=', id).execute();
    if (actor)
      await writeAudit(trx, actor, {
        action: 'tournaments.pay',
        target: `tournament:${id}`,
        before: { status: t.status },
        after: {
          status: 'paid',
          winners: winners.map((w) => ({ rank: w.rank, userId: w.userId, cents: w.prizeCents })),
        },
      });
    for (const winner of winners) await ctx.events.publish('balanceChanged', { userId: winner.userId });
    return { t, ranked, winners };
  });
  boards.delete(id);
  const rows = await rowsOf(ctx, paid.t, paid.ranked, null);
  return { paidNow: paid.winners.length, board: rows.leaders };
}

/** The prize run: every open tournament whose period is over is paid (each once, whichever server gets it). */
export async function payEndedTournaments(ctx: AppContext): Promise<number> {
  let paid = 0;
  for (const id of await endedUnpaid(ctx.db, tournamentClock.now())) {
    paid += (await payTournament(ctx, id)).paidNow;
  }
  return paid;
}
