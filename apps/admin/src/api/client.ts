import { clearToken, readToken } from './token.ts';

/** Every call of the back office goes here: the token is sent to /api/admin and nowhere else. */
const BASE = '/api/admin';

export type QueryValue = string | number | boolean | null | undefined;

export interface CallOptions {
  method?: 'GET' | 'POST';
  params?: Record<string, QueryValue>;
  body?: unknown;
  /** Money actions send one so that a repeated click returns the first result. */
  idempotencyKey?: string;
}

/** A refused call: the server's message is already in the operator's language. */
export class AdminApiError extends Error {
  readonly httpStatus: number;
  readonly status: number | undefined;
  constructor(message: string, httpStatus: number, status?: number) {
    super(message);
    this.name = 'AdminApiError';
    this.httpStatus = httpStatus;
    this.status = status;
  }
}

let language = 'pt_BR';
/** The server answers in the language of the `lang` header (pt_BR, en_US). */
export const setApiLanguage = (lang: string): void => {
  language = lang;
};

let onSignedOut: () => void = () => {};
/** Called when the server no longer accepts the token (expired, revoked, operator disabled). */
export const whenSignedOut = (handler: () => void): void => {
  onSignedOut = handler;
};

export function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `${BASE}${path}${query ? `?${query}` : ''}`;
}

export async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { lang: language, 'content-type': 'application/json' };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new AdminApiError(language === 'en_US' ? 'Network error' : 'Falha de rede', 0);
  }
  let envelope: { status?: number; message?: string; data?: unknown } | undefined;
  try {
    envelope = await response.json();
  } catch {
    envelope = undefined;
  }
  if (response.ok && envelope?.status === 200) return envelope.data as T;
  if (response.status === 401 && token && !path.startsWith('/auth/')) {
    clearToken();
    onSignedOut();
  }
  throw new AdminApiError(
    envelope?.message || `${response.status} ${response.statusText}`,
    response.status,
    envelope?.status,
  );
}

export const newIdempotencyKey = (): string => crypto.randomUUID();
