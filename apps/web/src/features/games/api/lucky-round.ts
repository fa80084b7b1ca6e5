import type { LuckyRoundAnswer } from '@aposta/contract';
import { http } from '../../../lib/http';

// GET /api/app/game/luckyColor/rounds/{period}/{issue}: a drawn issue with its revealed seed (public).
export function fetchLuckyRound(period: number, issue: string): Promise<LuckyRoundAnswer> {
  return http.get<LuckyRoundAnswer>(`/api/app/game/luckyColor/rounds/${period}/${encodeURIComponent(issue)}`);
}
