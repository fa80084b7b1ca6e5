import type { MinesCashoutAnswer, MinesRevealAnswer, MinesStartAnswer } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// The mines auto-bet's calls (docs/decisions/0060): the very calls of a manual game, each with the key the series
// derived for it (logic/mines-autobet.ts). Silent: a refusal ends the series and the panel says why.
const quiet = { loading: false, silent: true } as const;

export function autoMinesStart(
  amount: string,
  mines: number,
  idempotencyKey: string,
): Promise<MinesStartAnswer> {
  return playerApi('POST /api/app/game/mines/start', { body: { amount, mines }, idempotencyKey, ...quiet });
}

export function autoMinesReveal(
  gameId: number,
  tile: number,
  idempotencyKey: string,
): Promise<MinesRevealAnswer> {
  return playerApi('POST /api/app/game/mines/reveal', { body: { gameId, tile }, idempotencyKey, ...quiet });
}

export function autoMinesCashout(gameId: number, idempotencyKey: string): Promise<MinesCashoutAnswer> {
  return playerApi('POST /api/app/game/mines/cashout', { body: { gameId }, idempotencyKey, ...quiet });
}
