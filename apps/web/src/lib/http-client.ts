import {
  ApiError,
  buildHeaders,
  buildUrl,
  createSerialQueue,
  type Envelope,
  encodeBody,
  type HeaderContext,
  messageAlertDelayMs,
  type RequestOptions,
  readEnvelope,
  requestTimeoutMs,
} from './http-core';

/** What the app does for each failure of the error catalogue; wired to the router and overlays in app/. */
export interface HttpEffects {
  logout(): void;
  insufficientFunds(message: string): void;
  /** `data`: the refusal's data (a registration still owed opens its sheet instead, decision 0055). */
  blocked(message: string, data?: unknown): void;
  alert(message: string): void;
  errorPage(): void;
  /** The localised "internet speed is slow, try later" text. */
  slowNetworkText(): string;
}

export type RequestContext = Omit<HeaderContext, 'idempotencyKey' | 'contentType'>;

export interface HttpDependencies {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Token, zone, language, currency and device id, read fresh for every request (the path says which call). */
  context(path: string): Promise<RequestContext>;
  loading: { start(): void; stop(): void };
  effects(): HttpEffects;
  setTimer(callback: () => void, delayMs: number): unknown;
  clearTimer(handle: unknown): void;
  timeoutMs?: number;
}

export interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Like request, but resolves with the whole envelope, for calls whose answer is the message. */
  requestEnvelope<T>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

async function parseJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Not the envelope (a proxy's HTML error page, say): the caller treats it as a message-less error.
    return undefined;
  }
}

/** What the app does about a failed call: log out, the funds or blocked dialogs, the error page or the message. */
function react(deps: HttpDependencies, error: unknown, options: RequestOptions): void {
  const effects = deps.effects();
  if (!(error instanceof ApiError)) {
    if (!options.silent) effects.errorPage();
    return;
  }
  // A dead session is logged out whoever made the call: every later call would fail the same way.
  if (error.kind === 'logout') {
    effects.logout();
    return;
  }
  if (options.silent) return;
  switch (error.kind) {
    case 'insufficientFunds':
      effects.insufficientFunds(error.message);
      return;
    case 'blocked':
      effects.blocked(error.message, error.data);
      return;
    case 'errorPage':
      effects.errorPage();
      return;
    default:
      deps.setTimer(() => effects.alert(error.message), messageAlertDelayMs);
  }
}

export function createHttpClient(deps: HttpDependencies): HttpClient {
  const enqueue = createSerialQueue();
  const timeoutMs = deps.timeoutMs ?? requestTimeoutMs;

  async function send<T>(path: string, options: RequestOptions): Promise<Envelope<T>> {
    const controller = new AbortController();
    const timer = deps.setTimer(() => controller.abort(), timeoutMs);
    try {
      const context = await deps.context(path);
      const encoded = encodeBody(options.body, options.form);
      const headers = buildHeaders({
        ...context,
        idempotencyKey: options.idempotencyKey,
        contentType: encoded.contentType,
      });
      let status: number;
      let body: unknown;
      try {
        const response = await deps.fetch(buildUrl(path, options.params), {
          method: options.method ?? 'GET',
          headers,
          body: encoded.body ?? null,
          signal: controller.signal,
          credentials: 'omit',
        });
        status = response.status;
        body = await parseJson(response);
      } catch {
        const kind = controller.signal.aborted ? 'timeout' : 'network';
        throw new ApiError(kind, deps.effects().slowNetworkText(), 0);
      }
      const data = readEnvelope<T>(status, body);
      const message = (body as Partial<Envelope>).message;
      return { status: 200, message: typeof message === 'string' ? message : '', data };
    } finally {
      deps.clearTimer(timer);
    }
  }

  function requestEnvelope<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    const showLoading = options.loading !== false;
    if (showLoading) deps.loading.start();
    return enqueue(() => send<T>(path, options)).then(
      (envelope) => {
        if (showLoading) deps.loading.stop();
        return envelope;
      },
      (error: unknown) => {
        if (showLoading) deps.loading.stop();
        react(deps, error, options);
        throw error;
      },
    );
  }

  const request = <T>(path: string, options: RequestOptions = {}) =>
    requestEnvelope<T>(path, options).then((envelope) => envelope.data);

  return {
    request,
    requestEnvelope,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
  };
}
