import type { DiceBetAnswer, DiceBetBody, LimboBetAnswer, LimboBetBody } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// The auto-bet series' bets (docs/decisions/0060): the very calls of a manual bet, each with the key the series
// gave it. Silent: a refusal ends the series and the panel says why (no alert over a running game), and a lost
// answer is resent by the series with the same key.
const quiet = { loading: false, silent: true } as const;

export function autoDiceBet(body: DiceBetBody, idempotencyKey: string): Promise<DiceBetAnswer> {
  return playerApi('POST /api/app/game/dice/bet', { body, idempotencyKey, ...quiet });
}

export function autoLimboBet(body: LimboBetBody, idempotencyKey: string): Promise<LimboBetAnswer> {
  return playerApi('POST /api/app/game/limbo/bet', { body, idempotencyKey, ...quiet });
}
