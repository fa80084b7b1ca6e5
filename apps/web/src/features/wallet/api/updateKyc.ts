import type { KycBody } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// POST /api/app/user/updateKyc (name, cardNo = CPF): the answer's message is what the player reads.
export async function updateKyc(input: KycBody): Promise<string> {
  const envelope = await http.requestEnvelope<null>('/api/app/user/updateKyc', {
    method: 'POST',
    body: input,
  });
  return envelope.message;
}

export function useUpdateKyc() {
  return useMutation({ mutationFn: updateKyc });
}
