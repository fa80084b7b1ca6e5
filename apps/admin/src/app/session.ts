import type { AdminMeAnswer, OperatorRole } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { readToken } from '../api/token.ts';
import { adminApi } from '../api/typed.ts';

export type Role = OperatorRole;
export const ROLES: Role[] = ['owner', 'finance', 'risk', 'support', 'trader', 'marketing'];
export type Me = AdminMeAnswer;

export const meKey = ['admin', 'me'] as const;

/** The signed-in operator; the query is off without a token. */
export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: () => adminApi('GET /me'),
    enabled: readToken() !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** The owner may do everything; anyone else what one of their roles opens (the server checks the same). */
export const allowed = (me: Me | undefined, roles: readonly Role[]): boolean =>
  !!me && (me.roles.includes('owner') || roles.some((role) => me.roles.includes(role)));
