import { http } from '../../../lib/http';

// GET /api/app/game/double/rounds/{roundId}: a settled round with its revealed seed (public).
export interface DoubleRound {
  roundId: number;
  roll: number;
  color: string;
  seed: string;
  hash: string;
}

export function fetchDoubleRound(roundId: number): Promise<DoubleRound> {
  return http.get<DoubleRound>(`/api/app/game/double/rounds/${roundId}`);
}
