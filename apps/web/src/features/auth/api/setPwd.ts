import type { SetPwdBody } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { playerApiEnvelope } from '../../../lib/player-api';

// POST /api/app/main/setPwd (form: nPwd, chkId): the answer's message is what the player reads.
export async function setPassword(input: SetPwdBody): Promise<string> {
  const envelope = await playerApiEnvelope('POST /api/app/main/setPwd', { body: input, form: true });
  return envelope.message;
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
