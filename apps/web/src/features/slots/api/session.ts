import type { BalanceAnswer, GameLaunchAnswer, GameLaunchBody, InPlayAnswer } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/game/launch { productCode, value } → { url }: a new session and the provider's page.
export function launchGame(
  productCode: GameLaunchBody['productCode'],
  value: string,
): Promise<GameLaunchAnswer> {
  return playerApi('POST /api/app/game/launch', { body: { productCode, value } });
}

// GET /api/app/game/stopGame: closes the session; a round left open gives its stake back.
export function stopGame(): Promise<null> {
  return playerApi('GET /api/app/game/stopGame', { loading: false, silent: true });
}

// GET /api/app/user/getBalance: the header balance after the provider's page says a spin settled.
export function fetchBalance(): Promise<BalanceAnswer> {
  return playerApi('GET /api/app/user/getBalance', { loading: false, silent: true });
}

// GET /api/app/game/inPlay (spec.md section 7: no loading indicator): the player's open slot session, or null.
export function fetchInPlay(): Promise<InPlayAnswer> {
  return playerApi('GET /api/app/game/inPlay', { loading: false, silent: true });
}
