import type { AutoCashoutAnswer } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/sports/bets/{betId}/autoCashout {amount} or {amount: null} (api-contract section 19). Silent: the
// bet card says what happened in the player's words.
export function setAutoCashout(betId: number, amount: string | null): Promise<AutoCashoutAnswer> {
  return playerApi('POST /api/app/sports/bets/:betId/autoCashout', {
    params: { betId },
    body: { amount },
    silent: true,
  });
}
