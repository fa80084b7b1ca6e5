import { gameBetCodes } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import type { GameCode } from '../../db/schema.games.ts';

/** The caller's bets, newest first, with what is needed to verify each one. */
export async function listBets(
  ctx: AppContext,
  userId: bigint,
  query: { game?: GameCode; page: number; size: number },
) {
  let base = ctx.db.selectFrom('game_bets').where('game_bets.user_id', '=', userId);
  if (query.game) base = base.where('game_bets.game', '=', query.game);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('fair_seed_pairs as pair', 'pair.id', 'game_bets.seed_pair_id')
      .select([
        'game_bets.id',
        'game_bets.game',
        'game_bets.amount_cents',
        'game_bets.payout_cents',
        'game_bets.multiplier_hundredths',
        'game_bets.detail',
        'game_bets.status',
        'game_bets.nonce',
        'game_bets.created_at',
        'pair.server_seed_hash',
        'pair.client_seed',
        'pair.active as pair_active',
        'pair.server_seed',
      ])
      .orderBy('game_bets.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((row) => {
      // An open mines game must not show where its mines are.
      const { mineTiles: _hidden, ...visible } = row.detail as Record<string, unknown>;
      return {
        betId: Number(row.id),
        game: row.game,
        amount: centsToReais(row.amount_cents),
        payout: centsToReais(row.payout_cents),
        multiplier: row.multiplier_hundredths / 100,
        result: row.status === 'open' ? visible : row.detail,
        status: row.status,
        // spec.md section 3's bet result and second order status (docs/bet-codes.md).
        ...gameBetCodes({ status: row.status, payoutCents: row.payout_cents }),
        nonce: row.nonce,
        time: row.created_at.getTime(),
        // The seed pair the bet used, so the verifier can be filled for this very bet; the server seed only
        // once the pair is rotated (revealed), never while it still decides the coming bets.
        fair:
          row.server_seed_hash === null || row.client_seed === null
            ? null
            : {
                serverSeedHash: row.server_seed_hash,
                clientSeed: row.client_seed,
                serverSeed: row.pair_active ? null : row.server_seed,
              },
      };
    }),
    total: Number(total.count),
  };
}
