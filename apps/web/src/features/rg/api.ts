import type { ExcludeBody, RgLimits, RgLimitsBody } from '@aposta/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { playerApi, playerApiEnvelope } from '../../lib/player-api';
import { queryClient } from '../../lib/query-client';

// Responsible gambling (api-contract section 17): the player's limits, pending changes and exclusion.
export const rgScope = ['user', 'rg'] as const;

export function useRgLimits() {
  return useQuery({
    queryKey: [...rgScope, 'limits'],
    queryFn: () => playerApi('GET /api/app/rg/limits', { silent: true, loading: false }),
  });
}

export async function saveLimits(body: RgLimitsBody): Promise<{ limits: RgLimits; message: string }> {
  const envelope = await playerApiEnvelope('POST /api/app/rg/limits', { body });
  queryClient.setQueryData([...rgScope, 'limits'], envelope.data);
  return { limits: envelope.data, message: envelope.message };
}

export function useSaveLimits() {
  return useMutation({ mutationFn: saveLimits });
}

export async function exclude(body: ExcludeBody): Promise<string> {
  const envelope = await playerApiEnvelope('POST /api/app/rg/exclude', { body });
  return envelope.message;
}
