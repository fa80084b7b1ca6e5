import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TokenAnswer } from './restLogin';

// POST /api/auth/user/restRegister (JSON) → access_token. name and cardNo are not asked at
// registration (KYC collects them later) and go out empty, as the specification's payload lists them.
export interface RegisterInput {
  name: string;
  cardNo: string;
  username: string;
  country: string;
  phone: string;
  pwd: string;
  pwd1: string;
  regcode: string;
  codeId: number;
  captCode: string;
  isapp: 0 | 1;
}

export function restRegister(input: RegisterInput): Promise<TokenAnswer> {
  return http.post<TokenAnswer>('/api/auth/user/restRegister', input);
}

export function useRestRegister() {
  return useMutation({ mutationFn: restRegister });
}
