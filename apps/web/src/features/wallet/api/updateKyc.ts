import type { KycBody } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { playerApiEnvelope } from '../../../lib/player-api';

// POST /api/app/user/updateKyc (name, cardNo = CPF): the answer's message is what the player reads.
export async function updateKyc(input: KycBody): Promise<string> {
  const envelope = await playerApiEnvelope('POST /api/app/user/updateKyc', { body: input });
  return envelope.message;
}

export function useUpdateKyc() {
  return useMutation({ mutationFn: updateKyc });
}
