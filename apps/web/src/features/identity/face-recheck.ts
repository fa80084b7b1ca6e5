import type { FaceRecheckAnswer, FaceRecheckState } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openOverlay } from '../../lib/overlays';
import { playerApi, playerApiEnvelope } from '../../lib/player-api';
import { queryClient } from '../../lib/query-client';
import { useToken } from '../../lib/token';

/**
 * The repeat face check (decision 0068): under br-licensed the server asks the face again after login (past the
 * window), before a withdrawal, or because an operator asked. While it is due, money calls answer 403/40301 with
 * `{ faceCheckDue: true, reason }`; the "Confirme que é você" sheet (slot faceRecheck) takes the selfie.
 */
export const faceRecheckQueryKey = ['user', 'faceRecheck'] as const;

/** Why the sheet is open: from the refusal, before the state query answers. */
let askedReason: FaceRecheckState['reason'] = null;
export const askedFaceRecheckReason = () => askedReason;

export function fetchFaceRecheck(): Promise<FaceRecheckState> {
  return playerApi('GET /api/app/identity/recheck', { silent: true, loading: false });
}

export function useFaceRecheck() {
  const token = useToken((state) => state.token);
  return useQuery({
    queryKey: faceRecheckQueryKey,
    queryFn: fetchFaceRecheck,
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

/** After login, or on a fresh load with a session: the sheet opens when the server says a check is due. */
export function useFaceRecheckNotice(): void {
  const due = useFaceRecheck().data?.due === true;
  useEffect(() => {
    if (due) openOverlay('faceRecheck');
  }, [due]);
}

/** A call refused because the face check is due: the server's data says so. */
export function isFaceCheckRefusal(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { faceCheckDue?: unknown }).faceCheckDue === true
  );
}

/** On such a refusal the sheet opens (instead of an alert); the player continues where they were after it. */
export function askFaceRecheck(data: unknown): void {
  const reason = (data as { reason?: FaceRecheckState['reason'] }).reason ?? null;
  askedReason = reason;
  void queryClient.invalidateQueries({ queryKey: faceRecheckQueryKey });
  openOverlay('faceRecheck');
}

/** POST /api/app/identity/recheck with the uploaded selfie: the result and the server's sentence for it. */
export async function sendFaceRecheck(selfieId: string): Promise<FaceRecheckAnswer & { message: string }> {
  const envelope = await playerApiEnvelope('POST /api/app/identity/recheck', { body: { selfieId } });
  return { ...envelope.data, message: envelope.message };
}
