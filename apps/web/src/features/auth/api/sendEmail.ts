import type { SendEmailBody } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/main/RESETPWD/sendEmail (form: email): mails a reset code.
export function sendResetEmail(email: string): Promise<null> {
  const body: SendEmailBody = { email };
  return playerApi('POST /api/app/main/RESETPWD/sendEmail', { body, form: true });
}

export function useSendResetEmail() {
  return useMutation({ mutationFn: sendResetEmail });
}
