import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// POST /api/app/main/RESETPWD/sendEmail (form: email): mails a reset code.
export function sendResetEmail(email: string): Promise<null> {
  return http.post<null>('/api/app/main/RESETPWD/sendEmail', { email }, { form: true });
}

export function useSendResetEmail() {
  return useMutation({ mutationFn: sendResetEmail });
}
