import {
  MINES_TILE_COUNT,
  minesLayout,
  minesMultiplier,
  minesMultiplierHundredths,
  minesSafeTileCountMax,
  multiplierToNumber,
} from '@aposta/fair';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, invalidInput, notFound } from '../../lib/domain-error.ts';
import { payStake } from '../stakes/payout.ts';
import { originals } from '../stakes/stake.rules.ts';
import { takeStake } from '../stakes/stake.ts';
import { activeSeedPair, advanceNonce } from './fair.service.ts';
import { balancesAfter, balancesOfStake, checkStake, gameLimits, payoutCapCents } from './game-money.ts';

/**
 * Starts a game: the stake is taken and the mine layout fixed from (server seed, client seed, nonce) at once,
 * kept server-side until the game ends. The whole game is one nonce. It lives in the database, so it survives a
 * reload and a server restart.
 */
export async function startMines(
  ctx: AppContext,
  userId: bigint,
  input: { amountCents: bigint; mines: number },
) {
  if (!Number.isInteger(input.mines) || input.mines < 1 || input.mines > 24) {
    throw invalidInput('validation.field', { field: 'mines', reason: '1..24' });
  }
  const limits = await gameLimits(ctx, 'mines');
  // The payout cap is applied when cashing out (a full clear can exceed it), so only the stake range is checked.
  checkStake(limits, input.amountCents, 0n);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const pair = await activeSeedPair(trx, userId, { lock: true });
    const open = await trx
      .selectFrom('mines_games')
      .select('bet_id')
      .where('user_id', '=', userId)
      .where('state', '=', 'open')
      .executeTakeFirst();
    if (open) throw conflict('mines.already_open');
    const layout = minesLayout(
      { serverSeedHex: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce },
      input.mines,
    );
    const stake = await takeStake(trx, {
      userId,
      product: originals('mines'),
      amountCents: input.amountCents,
      record: async () => {
        const bet = await trx
          .insertInto('game_bets')
          .values({
            user_id: userId,
            game: 'mines',
            amount_cents: input.amountCents,
            detail: JSON.stringify({ mines: input.mines }),
            status: 'open',
            seed_pair_id: pair.id,
            nonce: pair.nonce,
            round_key: null,
            settled_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('mines_games')
          .values({
            bet_id: bet.id,
            user_id: userId,
            mine_count: input.mines,
            mine_tiles: [...layout.mineTiles],
          })
          .execute();
        await advanceNonce(trx, pair);
        return bet.id;
      },
    });
    return {
      gameId: Number(stake.betId),
      mines: input.mines,
      nonce: pair.nonce,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      ...balancesOfStake(stake),
    };
  });
  await ctx.events.publish('balanceChanged', { userId });
  return result;
}

async function lockGame(trx: Tx, userId: bigint, gameId: number) {
  const game = await trx
    .selectFrom('mines_games')
    .innerJoin('game_bets', 'game_bets.id', 'mines_games.bet_id')
    .select(['mines_games.bet_id', 'mine_count', 'mine_tiles', 'revealed', 'state', 'game_bets.amount_cents'])
    .where('mines_games.bet_id', '=', BigInt(gameId))
    .where('mines_games.user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!game) throw notFound();
  if (game.state !== 'open') throw conflict('mines.finished');
  return game;
}

/** Pays min(stake × floored multiplier, the game's payout cap) and closes the game. */
async function finish(
  payoutMaxCents: bigint,
  trx: Tx,
  userId: bigint,
  game: Awaited<ReturnType<typeof lockGame>>,
  revealed: number[],
  state: 'busted' | 'cashed',
) {
  const multiplierHundredths =
    state === 'cashed' ? minesMultiplierHundredths(game.mine_count, revealed.length) : 0n;
  let payoutCents = (game.amount_cents * multiplierHundredths) / 100n;
  if (payoutCents > payoutMaxCents) payoutCents = payoutMaxCents;
  await trx.updateTable('mines_games').set({ revealed, state }).where('bet_id', '=', game.bet_id).execute();
  await trx
    .updateTable('game_bets')
    .set({
      status: 'settled',
      payout_cents: payoutCents,
      multiplier_hundredths: Number(multiplierHundredths),
      settled_at: sql`now()`,
      detail: JSON.stringify({ mines: game.mine_count, revealed, mineTiles: game.mine_tiles }),
    })
    .where('id', '=', game.bet_id)
    .execute();
  await payStake(trx, { userId, product: originals('mines'), betId: game.bet_id, payoutCents });
  return { payoutCents, multiplier: Number(multiplierHundredths) / 100 };
}

export async function revealTile(ctx: AppContext, userId: bigint, input: { gameId: number; tile: number }) {
  if (!Number.isInteger(input.tile) || input.tile < 0 || input.tile >= MINES_TILE_COUNT) {
    throw invalidInput('validation.field', { field: 'tile', reason: '0..24' });
  }
  const payoutMaxCents = await payoutCapCents(ctx, 'mines');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const game = await lockGame(trx, userId, input.gameId);
    if (game.revealed.includes(input.tile)) throw conflict('mines.tile_revealed');
    const safe = !game.mine_tiles.includes(input.tile);
    const revealed = [...game.revealed, input.tile];
    if (!safe) {
      await finish(payoutMaxCents, trx, userId, game, revealed, 'busted');
      return {
        tile: input.tile,
        safe,
        revealed,
        multiplier: 0,
        finished: true,
        payout: 0,
        mineTiles: game.mine_tiles,
        ...(await balancesAfter(trx, userId)),
      };
    }
    if (revealed.length === minesSafeTileCountMax(game.mine_count)) {
      const done = await finish(payoutMaxCents, trx, userId, game, revealed, 'cashed');
      return {
        tile: input.tile,
        safe,
        revealed,
        multiplier: done.multiplier,
        finished: true,
        payout: centsToReais(done.payoutCents),
        mineTiles: game.mine_tiles,
        // Clearing the board pays out: like every answer that moves money, it carries the new balances.
        ...(await balancesAfter(trx, userId)),
      };
    }
    await trx.updateTable('mines_games').set({ revealed }).where('bet_id', '=', game.bet_id).execute();
    return {
      tile: input.tile,
      safe,
      revealed,
      multiplier: multiplierToNumber(minesMultiplier(game.mine_count, revealed.length)),
      finished: false,
      payout: 0,
    };
  });
  if (result.finished) await ctx.events.publish('balanceChanged', { userId });
  return result;
}

export async function cashOut(ctx: AppContext, userId: bigint, gameId: number) {
  const payoutMaxCents = await payoutCapCents(ctx, 'mines');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const game = await lockGame(trx, userId, gameId);
    if (game.revealed.length < 1) throw conflict('mines.nothing_revealed');
    const done = await finish(payoutMaxCents, trx, userId, game, game.revealed, 'cashed');
    return {
      payout: centsToReais(done.payoutCents),
      multiplier: done.multiplier,
      mineTiles: game.mine_tiles,
      ...(await balancesAfter(trx, userId)),
    };
  });
  await ctx.events.publish('balanceChanged', { userId });
  return result;
}

/** The open game without its mines, so a reload can continue it. */
export async function activeGame(ctx: AppContext, userId: bigint) {
  const game = await ctx.db
    .selectFrom('mines_games')
    .innerJoin('game_bets', 'game_bets.id', 'mines_games.bet_id')
    .select(['mines_games.bet_id', 'mine_count', 'revealed', 'game_bets.amount_cents', 'game_bets.nonce'])
    .where('mines_games.user_id', '=', userId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (!game) return null;
  return {
    gameId: Number(game.bet_id),
    mines: game.mine_count,
    amount: centsToReais(game.amount_cents),
    revealed: game.revealed,
    nonce: game.nonce ?? 0,
    multiplier:
      game.revealed.length > 0
        ? multiplierToNumber(minesMultiplier(game.mine_count, game.revealed.length))
        : 0,
  };
}
