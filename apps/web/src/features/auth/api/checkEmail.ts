import type { CheckEmailBody } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// POST /api/app/main/RESETPWD/checkEmail (form: email, code) → the check id for setPwd.
export function checkResetCode(input: CheckEmailBody): Promise<string> {
  return http.post<string>('/api/app/main/RESETPWD/checkEmail', input, { form: true });
}

export function useCheckResetCode() {
  return useMutation({ mutationFn: checkResetCode });
}
