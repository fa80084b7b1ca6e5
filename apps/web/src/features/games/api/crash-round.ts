import type { CrashRoundAnswer, CrashStateAnswer } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// For the verifier: a crashed Crash round with its revealed seed, and the crash chain's published end (public).
export function fetchCrashRound(roundId: number): Promise<CrashRoundAnswer> {
  return playerApi('GET /api/app/game/crash/rounds/:roundId', { params: { roundId } });
}

export function fetchCrashState(): Promise<CrashStateAnswer> {
  return playerApi('GET /api/app/game/crash/state', { loading: false });
}
