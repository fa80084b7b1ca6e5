import type { LoginBody, TokenAnswer } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// POST /api/auth/user/restLogin (JSON) → access_token.
export function restLogin(input: LoginBody): Promise<TokenAnswer> {
  return http.post<TokenAnswer>('/api/auth/user/restLogin', input);
}

export function useRestLogin() {
  return useMutation({ mutationFn: restLogin });
}
