import { ApiError } from '../../../lib/http-core';

// What a refused placement means for the player. The server's 409 messages are the contract's fixed
// English sentences (api-contract.md section 11); the slip shows them in the player's language under
// the spec's keys, and offers the new odds when they moved.

export type PlaceFailure =
  | { kind: 'notOpen' | 'shopLimit' | 'sameMatch' }
  | { kind: 'oddsChanged'; odds: { selectionId: number; odds: number }[] }
  | { kind: 'insufficientFunds'; message: string }
  | { kind: 'blocked'; message: string }
  | { kind: 'loggedOut' }
  | { kind: 'message'; message: string }
  | { kind: 'failed' };

const conflictKinds: Record<string, 'notOpen' | 'shopLimit' | 'sameMatch'> = {
  'This option is currently not open for betting': 'notOpen',
  'The parlay has reached the limit': 'shopLimit',
  'current gameplay not available for purchase': 'sameMatch',
};

function readOdds(data: unknown): { selectionId: number; odds: number }[] | undefined {
  const odds = (data as { odds?: unknown } | null | undefined)?.odds;
  if (!Array.isArray(odds)) return undefined;
  const valid = odds.filter(
    (entry): entry is { selectionId: number; odds: number } =>
      Number.isInteger(entry?.selectionId) && typeof entry?.odds === 'number' && entry.odds >= 1,
  );
  return valid.length > 0 ? valid : undefined;
}

export function classifyPlaceError(error: unknown): PlaceFailure {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  switch (error.kind) {
    case 'logout':
      return { kind: 'loggedOut' };
    case 'insufficientFunds':
      return { kind: 'insufficientFunds', message: error.message };
    case 'blocked':
      return { kind: 'blocked', message: error.message };
    case 'errorPage':
      return { kind: 'failed' };
    default:
      break;
  }
  if (error.httpStatus === 409) {
    const known = conflictKinds[error.message.trim()];
    if (known) return { kind: known };
    const odds = readOdds(error.data);
    if (odds) return { kind: 'oddsChanged', odds };
  }
  return error.message ? { kind: 'message', message: error.message } : { kind: 'failed' };
}
