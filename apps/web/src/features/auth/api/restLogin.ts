import type { LoginBody, TokenAnswer } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// POST /api/auth/user/restLogin (JSON) → access_token.
export function restLogin(input: LoginBody): Promise<TokenAnswer> {
  return playerApi('POST /api/auth/user/restLogin', { body: input });
}

export function useRestLogin() {
  return useMutation({ mutationFn: restLogin });
}
