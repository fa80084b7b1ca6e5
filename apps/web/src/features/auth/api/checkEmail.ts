import type { CheckEmailBody } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/main/RESETPWD/checkEmail (form: email, code) → the check id for setPwd.
export function checkResetCode(input: CheckEmailBody): Promise<string> {
  return playerApi('POST /api/app/main/RESETPWD/checkEmail', { body: input, form: true });
}

export function useCheckResetCode() {
  return useMutation({ mutationFn: checkResetCode });
}
