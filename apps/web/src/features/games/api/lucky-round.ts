import { http } from '../../../lib/http';

// GET /api/app/game/luckyColor/rounds/{period}/{issue}: a drawn issue with its revealed seed (public).
export interface LuckyRound {
  issue: string;
  number: number;
  seed: string;
  hash: string;
}

export function fetchLuckyRound(period: number, issue: string): Promise<LuckyRound> {
  return http.get<LuckyRound>(`/api/app/game/luckyColor/rounds/${period}/${encodeURIComponent(issue)}`);
}
