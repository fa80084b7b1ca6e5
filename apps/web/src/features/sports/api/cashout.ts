import type { CashoutAnswer, CashoutBody, CashoutQuote } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// GET/POST /api/app/sports/bets/{betId}/cashout: a quote good for a few seconds, then taking it (all or part).
// Silent: the bet card turns refusals and new quotes into the player's words.
export function fetchCashoutQuote(betId: number): Promise<CashoutQuote> {
  return playerApi('GET /api/app/sports/bets/:betId/cashout', {
    params: { betId },
    loading: false,
    silent: true,
  });
}

export function takeCashout(betId: number, body: CashoutBody): Promise<CashoutAnswer> {
  return playerApi('POST /api/app/sports/bets/:betId/cashout', { params: { betId }, body, silent: true });
}
