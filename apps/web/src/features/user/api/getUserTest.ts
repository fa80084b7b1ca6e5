import type { TestAccountAnswer } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/user/getUserTest: a test account's credentials (a real account gets 1403).
export function fetchUserTest(): Promise<TestAccountAnswer> {
  return playerApi('GET /api/app/user/getUserTest', { silent: true });
}

export const userTestQueryOptions = queryOptions({
  queryKey: ['user', 'test-account'],
  queryFn: fetchUserTest,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useUserTest(enabled: boolean) {
  return useQuery({ ...userTestQueryOptions, enabled });
}
