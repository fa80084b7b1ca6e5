import type { DoubleRoundAnswer } from '@aposta/contract';
import { http } from '../../../lib/http';

// GET /api/app/game/double/rounds/{roundId}: a settled round with its revealed seed (public).
export function fetchDoubleRound(roundId: number): Promise<DoubleRoundAnswer> {
  return http.get<DoubleRoundAnswer>(`/api/app/game/double/rounds/${roundId}`);
}
