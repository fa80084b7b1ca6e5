import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import type { GameCode } from '../../db/schema.games.ts';

/** The caller's bets, newest first, with what is needed to verify each one. */
export async function listBets(
  ctx: AppContext,
  userId: bigint,
  query: { game?: GameCode; page: number; size: number },
) {
  let base = ctx.db.selectFrom('game_bets').where('user_id', '=', userId);
  if (query.game) base = base.where('game', '=', query.game);
  const [rows, total] = await Promise.all([
    base
      .select([
        'id',
        'game',
        'amount_cents',
        'payout_cents',
        'multiplier_hundredths',
        'detail',
        'status',
        'nonce',
        'created_at',
      ])
      .orderBy('id', 'desc')
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
        nonce: row.nonce,
        time: row.created_at.getTime(),
      };
    }),
    total: Number(total.count),
  };
}
