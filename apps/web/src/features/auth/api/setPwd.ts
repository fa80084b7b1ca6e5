import type { SetPwdBody } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// POST /api/app/main/setPwd (form: nPwd, chkId): the answer's message is what the player reads.
export async function setPassword(input: SetPwdBody): Promise<string> {
  const envelope = await http.requestEnvelope<null>('/api/app/main/setPwd', {
    method: 'POST',
    body: input,
    form: true,
  });
  return envelope.message;
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
