import type { RegisterBody, TokenAnswer } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// POST /api/auth/user/restRegister (JSON) → access_token. name and cardNo are not asked at
// registration (KYC collects them later) and go out empty, as the specification's payload lists them.
export function restRegister(input: RegisterBody): Promise<TokenAnswer> {
  return http.post<TokenAnswer>('/api/auth/user/restRegister', input);
}

export function useRestRegister() {
  return useMutation({ mutationFn: restRegister });
}
