import type { FaceCheck, IdentityCheck, IdentityInput, IdentityProvider } from '../rg/identity.provider.ts';
import { unanswered } from '../rg/identity.provider.ts';
import {
  LIVE,
  readTokenAnswer,
  readValidationAnswer,
  type ValidationAnswer,
  type ValidationRequest,
} from './datavalid.protocol.ts';

/** One HTTP exchange with Datavalid's gateway, whatever carries it (fetch over HTTPS, or the in-process emulator). */
export interface DatavalidRequest {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}
export type DatavalidTransport = (request: DatavalidRequest) => Promise<{ status: number; body: string }>;

export interface DatavalidOptions {
  transport: DatavalidTransport;
  clientId: string;
  clientSecret: string;
  tokenPath: string;
  apiPath: string;
  timeoutMs: number;
  /** The clock the token's expiry is read against (tests move it). */
  now?: () => number;
}

class Unanswered extends Error {
  readonly kind: 'timeout' | 'unavailable' | 'refused';
  constructor(kind: 'timeout' | 'unavailable' | 'refused') {
    super(`datavalid: ${kind}`);
    this.kind = kind;
  }
}

/** fetch to the gateway's base URL; the adapter's own deadline aborts it. */
export function fetchTransport(baseUrl: string): DatavalidTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async (request) => {
    const response = await fetch(base + request.path, {
      method: request.method,
      headers: { accept: 'application/json', ...request.headers },
      body: request.body,
    });
    return { status: response.status, body: await response.text() };
  };
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Unanswered('timeout')), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** What the provider said, in our terms. */
export function toIdentityCheck(answer: ValidationAnswer, input: IdentityInput): IdentityCheck {
  const face = answer.biometria_facial;
  const faceCheck: FaceCheck | null =
    input.selfie === undefined
      ? null
      : {
          available: face?.disponivel === true,
          live: face?.vivacidade === undefined ? null : face.vivacidade === LIVE,
          similarity: typeof face?.similaridade === 'number' ? face.similaridade : null,
          probability: face?.probabilidade ?? null,
        };
  return {
    provider: 'datavalid',
    cpfStatus: !answer.cpf_disponivel ? 'not_found' : answer.situacao_cpf === false ? 'irregular' : 'regular',
    nameMatch: answer.nome === true,
    nameSimilarity: answer.nome_similaridade ?? null,
    birthMatch: input.birthDate === null ? null : answer.data_nascimento === true,
    face: faceCheck,
  };
}

/** The request body for one check: pf-facial with the selfie and liveness, or pf-basica without a selfie. */
export function requestOf(input: IdentityInput): { path: string; body: ValidationRequest } {
  const validacao: NonNullable<ValidationRequest['validacao']> = {
    nome: input.name,
    situacao_cpf: 'regular',
    ...(input.birthDate ? { data_nascimento: input.birthDate } : {}),
  };
  if (input.selfie === undefined) return { path: '/pf-basica', body: { cpf: input.cpf, validacao } };
  const base64 = Buffer.from(input.selfie).toString('base64');
  return {
    path: '/pf-facial',
    body: {
      cpf: input.cpf,
      validacao: { ...validacao, biometria_facial: { formato: 'JPG', vivacidade: true, base64 } },
    },
  };
}

/**
 * The Datavalid adapter: a bearer token from the client credentials (cached until shortly before it expires, asked
 * again once when a call answers 401), then one validation. Every failure to get an answer (a deadline passed, a
 * 5xx, a refusal) becomes an `error` in the check, so the KYC waits for the operator instead of failing the player.
 */
export class DatavalidProvider implements IdentityProvider {
  readonly name = 'datavalid';
  #token: { value: string; expiresAt: number } | undefined;
  readonly #options: DatavalidOptions;
  readonly #now: () => number;

  constructor(options: DatavalidOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  async check(input: IdentityInput): Promise<IdentityCheck> {
    try {
      return await withDeadline(this.#checkOnce(input), this.#options.timeoutMs);
    } catch (error) {
      if (error instanceof Unanswered) return unanswered(this.name, error.kind);
      // A network error or a broken answer: the provider did not give one we can use.
      return unanswered(this.name, 'unavailable');
    }
  }

  async #checkOnce(input: IdentityInput): Promise<IdentityCheck> {
    const { path, body } = requestOf(input);
    let answer = await this.#validate(path, body, await this.#bearer());
    if (answer.status === 401) {
      this.#token = undefined;
      answer = await this.#validate(path, body, await this.#bearer());
    }
    if (answer.status === 200) return toIdentityCheck(readValidationAnswer(parse(answer.body)), input);
    throw new Unanswered(answer.status >= 500 || answer.status === 429 ? 'unavailable' : 'refused');
  }

  #validate(path: string, body: ValidationRequest, token: string) {
    return this.#options.transport({
      method: 'POST',
      path: this.#options.apiPath + path,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async #bearer(): Promise<string> {
    const now = this.#now();
    if (this.#token && this.#token.expiresAt > now) return this.#token.value;
    const { clientId, clientSecret, tokenPath } = this.#options;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const response = await this.#options.transport({
      method: 'POST',
      path: tokenPath,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (response.status !== 200) throw new Unanswered(response.status >= 500 ? 'unavailable' : 'refused');
    const token = readTokenAnswer(parse(response.body));
    // Renewed 30 s before the gateway would refuse it (no expires_in: ask again after five minutes).
    const lifetime = Math.max(0, (token.expires_in ?? 300) - 30) * 1000;
    this.#token = { value: token.access_token, expiresAt: now + lifetime };
    return token.access_token;
  }
}
