import type { PricePackage, UserInfoAnswer as UserInfo } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from './player-api';
import { queryClient } from './query-client';
import { useToken } from './token';

// GET /api/app/user/userInfo (api-contract.md section 4). Every feature reads the player through
// this one query; the socket patches the same cache entry, so there is never a second copy.
// It lives in lib/ rather than a feature because every feature and the socket need it.

// The player's shape is the server's own schema (packages/contract), so a server change that drops
// or renames a field the app reads fails the web's type check.
export type { PricePackage, UserInfo };

/** Every user-scoped query key starts with 'user', so logout can drop them all at once. */
export const userQueryScope = ['user'] as const;
export const userInfoQueryKey = ['user', 'info'] as const;

export function fetchUserInfo(): Promise<UserInfo> {
  // Errors on user calls are swallowed silently (spec.md section 8); a 401 still logs out.
  return playerApi('GET /api/app/user/userInfo', { silent: true, loading: false });
}

export function userInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: userInfoQueryKey,
    queryFn: fetchUserInfo,
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

export function useUserInfo() {
  const token = useToken((state) => state.token);
  return useQuery(userInfoQueryOptions(token));
}

/**
 * Loads the user afresh (after login, register, KYC, avatar change) and waits for it. A fetch already in flight
 * began before the change and may answer the old player (the deposit page then sent a player who had just passed
 * KYC back to the identity form): it is cancelled, so the answer always comes from a request made now.
 */
export async function reloadUserInfo(): Promise<UserInfo> {
  await queryClient.cancelQueries({ queryKey: userInfoQueryKey, exact: true });
  return queryClient.fetchQuery({ queryKey: userInfoQueryKey, queryFn: fetchUserInfo, staleTime: 0 });
}

export function patchUserInfo(patch: Partial<UserInfo>): void {
  queryClient.setQueryData<UserInfo>(userInfoQueryKey, (user) => (user ? { ...user, ...patch } : user));
}
