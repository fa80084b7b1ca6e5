// The page's two calls to the studio server, and where it finds them: the page lives at
// {studioBase}/{provider}/play?session=&game=&lang=, its API at {studioBase}/{provider}/api/.
import type { FreeSpinState, SlotGame, SpinOutcomeJson } from '@aposta/slots';

export type Launch = {
  readonly apiBase: string;
  readonly provider: string;
  readonly session: string;
  readonly game: string;
  readonly lang: string | null;
};

export type GameState = {
  readonly game: SlotGame;
  readonly balance: string;
  readonly currency: 'BRL';
  readonly freeSpins: FreeSpinState | null;
};

export type SpinResult = { readonly outcome: SpinOutcomeJson; readonly balance: string };

export type StudioErrorCode =
  | 'insufficient_funds'
  | 'session_closed'
  | 'bad_bet'
  | 'wallet_error'
  | 'network';

export class StudioError extends Error {
  readonly code: StudioErrorCode;

  constructor(code: StudioErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function launchFromLocation(location: { pathname: string; search: string }): Launch {
  const match = /^(.*)\/(PG|EVO|BG)\/play\/?$/.exec(location.pathname);
  const params = new URLSearchParams(location.search);
  const provider = match?.[2] ?? params.get('provider') ?? 'PG';
  const studioBase = match?.[1] ?? '/studio';
  return {
    apiBase: `${studioBase}/${provider}/api`,
    provider,
    session: params.get('session') ?? '',
    game: params.get('game') ?? '',
    lang: params.get('lang'),
  };
}

const KNOWN_ERRORS = new Set(['insufficient_funds', 'session_closed', 'bad_bet', 'wallet_error']);

async function answerOf<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
  if (response.ok && body && !body.error) return body as T;
  const code = body?.error && KNOWN_ERRORS.has(body.error) ? (body.error as StudioErrorCode) : 'wallet_error';
  throw new StudioError(code, body?.message ?? response.statusText);
}

async function call<T>(input: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    throw new StudioError('network', String(error));
  }
  return answerOf<T>(response);
}

export function loadGame(launch: Launch): Promise<GameState> {
  const query = new URLSearchParams({ session: launch.session, game: launch.game });
  return call<GameState>(`${launch.apiBase}/game?${query}`);
}

export function requestSpin(launch: Launch, bet: string): Promise<SpinResult> {
  return call<SpinResult>(`${launch.apiBase}/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session: launch.session, game: launch.game, bet }),
  });
}
