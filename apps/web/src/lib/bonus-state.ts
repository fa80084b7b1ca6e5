import type { BonusAnswer } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { playerApi } from './player-api';

// GET /api/app/bonus: the bonus balance, its wagering, the credits, and the server's wagering multiples. Shared by
// /bonus and the deposit offers, so every page shows the same "falta apostar" and the server's own multiples.
export const bonusQueryKey = ['user', 'bonus'] as const;

export type BonusState = BonusAnswer;
export type WageringRules = BonusAnswer['rules'];

export function useBonusState(enabled: boolean) {
  return useQuery({
    queryKey: bonusQueryKey,
    queryFn: () => playerApi('GET /api/app/bonus', { silent: true, loading: false }),
    enabled,
    staleTime: 0,
  });
}

/** What is still to be wagered before the bonus is released (0 when nothing is owed). */
export function wageringLeft(state: Pick<BonusState, 'wagering'> | undefined): number {
  if (!state) return 0;
  return Math.max(0, Math.round((state.wagering.required - state.wagering.done) * 100) / 100);
}
