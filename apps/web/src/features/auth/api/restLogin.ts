import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// POST /api/auth/user/restLogin (JSON) → access_token.
export interface LoginInput {
  username: string;
  pwd: string;
  codeId: number;
  captCode: string;
}

export interface TokenAnswer {
  access_token: string;
  expires_in?: number;
}

export function restLogin(input: LoginInput): Promise<TokenAnswer> {
  return http.post<TokenAnswer>('/api/auth/user/restLogin', input);
}

export function useRestLogin() {
  return useMutation({ mutationFn: restLogin });
}
