import type { LuckyRoundAnswer } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/game/luckyColor/rounds/{period}/{issue}: a drawn issue with its revealed seed (public).
export function fetchLuckyRound(period: number, issue: string): Promise<LuckyRoundAnswer> {
  return playerApi('GET /api/app/game/luckyColor/rounds/:period/:issue', { params: { period, issue } });
}
