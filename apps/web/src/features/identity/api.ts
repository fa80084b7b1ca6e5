import type { KycBody } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { playerApi, playerApiEnvelope } from '../../lib/player-api';

// POST /api/app/identity/selfie: the JPEG as base64; the answer's id goes with the KYC (decision 0065).
export async function uploadSelfie(base64: string): Promise<string> {
  const answer = await playerApi('POST /api/app/identity/selfie', { body: { image: base64 } });
  return answer.selfieId;
}

// POST /api/app/user/updateKyc (name, cardNo = CPF, birthDate, selfieId): the answer's message is what the player reads.
export async function updateKyc(input: KycBody): Promise<string> {
  const envelope = await playerApiEnvelope('POST /api/app/user/updateKyc', { body: input });
  return envelope.message;
}

export function useUpdateKyc() {
  return useMutation({ mutationFn: updateKyc });
}
