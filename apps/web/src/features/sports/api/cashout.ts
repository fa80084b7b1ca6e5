import type { CashoutAnswer, CashoutBody, CashoutQuote } from '@aposta/contract';
import { http } from '../../../lib/http';

// GET/POST /api/app/sports/bets/{betId}/cashout: a quote good for a few seconds, then taking it (all or part).
// Silent: the bet card turns refusals and new quotes into the player's words.
export function fetchCashoutQuote(betId: number): Promise<CashoutQuote> {
  return http.get<CashoutQuote>(`/api/app/sports/bets/${betId}/cashout`, { loading: false, silent: true });
}

export function takeCashout(betId: number, body: CashoutBody): Promise<CashoutAnswer> {
  return http.post<CashoutAnswer>(`/api/app/sports/bets/${betId}/cashout`, body, { silent: true });
}
