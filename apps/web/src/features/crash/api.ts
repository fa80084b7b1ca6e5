import type { CrashBetAnswer, CrashBetBody, CrashCashoutAnswer, CrashStateAnswer } from '@aposta/contract';
import { playerApi } from '../../lib/player-api';

// Crash's calls (api-contract section 20), each an ordinary call through playerApi.

export function fetchCrashState(): Promise<CrashStateAnswer> {
  return playerApi('GET /api/app/game/crash/state', { loading: false });
}

/** A bet with its own Idempotency-Key: a dropped connection never places it twice. */
export function placeCrashBet(body: CrashBetBody, key: string): Promise<CrashBetAnswer> {
  return playerApi('POST /api/app/game/crash/bet', { body, idempotencyKey: key, loading: false });
}

export function cashOutCrash(betId: number, key: string): Promise<CrashCashoutAnswer> {
  return playerApi('POST /api/app/game/crash/cashout', {
    body: { betId },
    idempotencyKey: key,
    loading: false,
  });
}
