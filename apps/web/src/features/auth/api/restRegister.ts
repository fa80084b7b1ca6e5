import type { RegisterBody, TokenAnswer } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// POST /api/auth/user/restRegister (JSON) → access_token. name and cardNo are not asked at
// registration (KYC collects them later) and go out empty, as the specification's payload lists them.
export function restRegister(input: RegisterBody): Promise<TokenAnswer> {
  return playerApi('POST /api/auth/user/restRegister', { body: input });
}

export function useRestRegister() {
  return useMutation({ mutationFn: restRegister });
}
