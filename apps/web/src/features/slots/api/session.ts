import type { BalanceAnswer, GameLaunchAnswer, InPlayAnswer } from '@aposta/contract';
import { http } from '../../../lib/http';

// POST /api/app/game/launch { productCode, value } → { url }: a new session and the provider's page.
export function launchGame(productCode: string, value: string): Promise<GameLaunchAnswer> {
  return http.post<GameLaunchAnswer>('/api/app/game/launch', { productCode, value });
}

// GET /api/app/game/stopGame: closes the session; a round left open gives its stake back.
export function stopGame(): Promise<null> {
  return http.get<null>('/api/app/game/stopGame', { loading: false, silent: true });
}

// GET /api/app/user/getBalance: the header balance after the provider's page says a spin settled.
export function fetchBalance(): Promise<BalanceAnswer> {
  return http.get<BalanceAnswer>('/api/app/user/getBalance', {
    loading: false,
    silent: true,
  });
}

// GET /api/app/game/inPlay (spec.md section 7: no loading indicator): the player's open slot session, or null.
export function fetchInPlay(): Promise<InPlayAnswer> {
  return http.get<InPlayAnswer>('/api/app/game/inPlay', { loading: false, silent: true });
}
