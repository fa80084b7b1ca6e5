import type { CrashRoundAnswer, CrashStateAnswer } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// For the verifier: a crashed Crash round with its revealed seed, and the crash chain's published end (public).
export function fetchCrashRound(roundId: number): Promise<CrashRoundAnswer> {
  return playerApi('GET /api/app/game/crash/rounds/:roundId', { params: { roundId } });
}

/**
 * The same, for a round the page has just seen crash: its crash is pushed at the crash instant and its seed is
 * revealed by the settlement right after, so a tap on the history chip can come first. Asked quietly for up to
 * about 3 s; the last try shows the server's reason.
 */
export async function fetchCrashRoundRevealed(
  roundId: number,
  tries = 10,
  waitMs = 300,
): Promise<CrashRoundAnswer> {
  for (let attempt = 1; attempt < tries; attempt++) {
    try {
      return await playerApi('GET /api/app/game/crash/rounds/:roundId', {
        params: { roundId },
        silent: true,
      });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
  return fetchCrashRound(roundId);
}

export function fetchCrashState(): Promise<CrashStateAnswer> {
  return playerApi('GET /api/app/game/crash/state', { loading: false });
}
