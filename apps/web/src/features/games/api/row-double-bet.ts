import type { DoubleColor } from '@aposta/fair';
import { http } from '../../../lib/http';
import type { InstantBetAnswer } from './types';

// POST /api/app/game/rowDouble/bet.
export interface RowDoubleBetInput {
  amount: string;
  color: DoubleColor;
}

export interface RowDoubleBetAnswer extends InstantBetAnswer {
  roll: number;
  color: DoubleColor;
}

export function placeRowDoubleBet(
  input: RowDoubleBetInput,
  idempotencyKey: string,
): Promise<RowDoubleBetAnswer> {
  return http.post<RowDoubleBetAnswer>('/api/app/game/rowDouble/bet', input, {
    idempotencyKey,
    loading: false,
  });
}
