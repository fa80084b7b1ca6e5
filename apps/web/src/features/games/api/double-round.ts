import type { DoubleRoundAnswer } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/game/double/rounds/{roundId}: a settled round with its revealed seed (public).
export function fetchDoubleRound(roundId: number): Promise<DoubleRoundAnswer> {
  return playerApi('GET /api/app/game/double/rounds/:roundId', { params: { roundId } });
}
