// The pure parts of the HTTP client (spec.md section 7, api-contract.md sections 1-2): header
// building, body encoding, the one-at-a-time queue and the mapping of answers to outcomes.
// Nothing here touches the DOM, storage or the router, so it is unit tested with a fake fetch.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** Appended to the URL as a query string; null and undefined values are left out. */
  params?: Record<string, QueryValue>;
  body?: unknown;
  /** Send the body as application/x-www-form-urlencoded instead of JSON. */
  form?: boolean;
  /** Turn the global loading indicator on while the request is waiting (default true). */
  loading?: boolean;
  /** Swallow errors: no alert, no navigation (the caller handles the rejection). A 401 still logs out. */
  silent?: boolean;
  /** Money actions send one so a repeated request returns the first result. */
  idempotencyKey?: string;
}

export interface Envelope<T = unknown> {
  status: number;
  message: string;
  data: T;
}

/**
 * What the client does with a failed call (spec.md section 8):
 * logout (401 / 40101), insufficientFunds (500 + 9999), blocked (500 + 1403),
 * message (any other error that says why), errorPage (an error that says nothing),
 * timeout and network (the slow-connection text).
 */
export type FailureKind =
  | 'logout'
  | 'insufficientFunds'
  | 'blocked'
  | 'message'
  | 'errorPage'
  | 'timeout'
  | 'network';

export class ApiError extends Error {
  readonly kind: FailureKind;
  readonly httpStatus: number;
  /** The envelope's status, when the server sent one. */
  readonly status: number | undefined;
  readonly data: unknown;

  constructor(kind: FailureKind, message: string, httpStatus: number, status?: number, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.httpStatus = httpStatus;
    this.status = status;
    this.data = data;
  }
}

export const requestTimeoutMs = 30_000;
export const messageAlertDelayMs = 500;
/** A bound on waiting requests: beyond it something is looping, and failing loudly beats a frozen app. */
export const queueLengthMax = 100;

export const successStatus = 200;
export const logoutStatus = 40101;
export const insufficientFundsStatus = 9999;
export const blockedStatus = 1403;
/** A fresh face check is due (decision 0068): the blocked effect opens its sheet from the refusal's data. */
export const faceCheckStatus = 40301;

export interface HeaderContext {
  token: string | null;
  /** UTC offset in hours, e.g. -3 for Brasília. */
  zoneHours: number;
  lang: string;
  currency: string;
  /** Unknown until the fingerprint is computed (lib/device.ts); the header is left out until then. */
  deviceId: string | undefined;
  idempotencyKey?: string | undefined;
  contentType?: string | undefined;
}

export function buildHeaders(context: HeaderContext): Record<string, string> {
  const headers: Record<string, string> = {
    zone: String(context.zoneHours),
    lang: context.lang,
    // The header name is misspelt on purpose: it is the API's name (api-contract.md section 1).
    curreny: context.currency,
    devices: 'BWEBAPP',
  };
  if (context.deviceId) headers.deviceId = context.deviceId;
  // A guest has no token; an empty Authorization header would read as a bad token, so it is left out.
  if (context.token) headers.Authorization = context.token;
  if (context.idempotencyKey) headers['Idempotency-Key'] = context.idempotencyKey;
  if (context.contentType) headers['Content-Type'] = context.contentType;
  return headers;
}

/** The UTC offset of the device's clock in hours (Brasília: -3; India: 5.5). */
export function zoneHoursOf(date: Date): number {
  const hours = -date.getTimezoneOffset() / 60;
  // -0 would print as "0" anyway, but keep the value clean for comparisons.
  return hours === 0 ? 0 : hours;
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

export function encodeForm(body: unknown): string {
  const form = new URLSearchParams();
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined || value === null) continue;
      form.append(key, scalarText(value));
    }
  }
  return form.toString();
}

export const formContentType = 'application/x-www-form-urlencoded';
export const jsonContentType = 'application/json';

/** The body and its content type; no body means no content type (a JSON type with an empty body is a 400). */
export function encodeBody(
  body: unknown,
  form: boolean | undefined,
): { body: string | undefined; contentType: string | undefined } {
  if (body === undefined) return { body: undefined, contentType: undefined };
  if (form) return { body: encodeForm(body), contentType: formContentType };
  return { body: JSON.stringify(body), contentType: jsonContentType };
}

export function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  // The specification writes some paths without the leading slash; they are the same paths.
  const absolute = path.startsWith('/') ? path : `/${path}`;
  if (!params) return absolute;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `${absolute}?${text}` : absolute;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).status === 'number';
}

export function failureKind(httpStatus: number, envelope: Partial<Envelope> | undefined): FailureKind {
  const status = envelope?.status;
  if (httpStatus === 401 || status === logoutStatus) return 'logout';
  if (httpStatus === 500 && status === insufficientFundsStatus) return 'insufficientFunds';
  if (httpStatus === 500 && status === blockedStatus) return 'blocked';
  if (httpStatus === 403 && status === faceCheckStatus) return 'blocked';
  if (typeof envelope?.message === 'string' && envelope.message.trim() !== '') return 'message';
  return 'errorPage';
}

/** Resolves to `data` for a successful envelope, otherwise throws the classified ApiError. */
export function readEnvelope<T>(httpStatus: number, body: unknown): T {
  const envelope = isEnvelope(body) ? body : undefined;
  const ok = httpStatus >= 200 && httpStatus < 300 && envelope?.status === successStatus;
  if (ok) return envelope.data as T;
  const kind = failureKind(httpStatus, envelope);
  throw new ApiError(kind, envelope?.message ?? '', httpStatus, envelope?.status, envelope?.data);
}

/**
 * A first-in, first-out queue that runs one task at a time: the next starts only when the
 * previous one has settled, whether it resolved or failed (spec.md: one concurrent request).
 */
export function createSerialQueue(lengthMax = queueLengthMax) {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return function enqueue<T>(task: () => Promise<T>): Promise<T> {
    if (waiting >= lengthMax) {
      return Promise.reject(new Error(`request queue full (${lengthMax} waiting)`));
    }
    waiting += 1;
    const run = tail.then(task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    tail = settled;
    void settled.then(() => {
      waiting -= 1;
    });
    return run;
  };
}
