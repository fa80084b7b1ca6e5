import { createHash, randomBytes } from 'node:crypto';
import { isValidCpf } from '@aposta/brazil';
import { jpegSize, type ValidationAnswer, type Violation } from './datavalid.protocol.ts';

/**
 * An emulator of Datavalid's protocol (decision 0065), served by this server outside production so the same
 * adapter runs everywhere. It is strict about what it receives (the token, the JSON's fields and types, the CPF's
 * check digits, the image) and answers from a synthetic registry keyed by the CPF's first digit:
 *
 *   0-3 a regular CPF whose registry holds the name and birth date given and a face the selfie matches;
 *   4 the selfie is a spoof (liveness fails, low similarity);   5 no face on record (no CNH portrait);
 *   6 the face on record is another person's;   7 the registry's name differs;   8 the CPF is not regular;
 *   9 the registry's birth date differs.
 *
 * It misbehaves on demand: `failNext` makes the next calls time out (answer after `holdMs`), answer 503 or 500,
 * or refuse the token as expired; `script` forces an outcome for one CPF.
 */
export type Outcome = 'clean' | 'spoof' | 'no_face' | 'other_face' | 'name' | 'irregular' | 'birth';
export type Failure = 'timeout' | 'unavailable' | 'error' | 'token_expired';

const BY_DIGIT: Outcome[] = [
  'clean',
  'clean',
  'clean',
  'clean',
  'spoof',
  'no_face',
  'other_face',
  'name',
  'irregular',
  'birth',
];
const TOKEN_SECONDS = 3600;
/** The largest image the emulator takes (decoded); above it, 413 as the gateway answers. */
export const MAX_IMAGE_BYTES = 1024 * 1024;
/** A selfie smaller than this cannot show a face to compare. */
export const MIN_SIDE = 160;

export class EmulatorRefusal extends Error {
  readonly status: number;
  readonly answer: unknown;
  constructor(status: number, answer: unknown) {
    super(`datavalid emulator: ${status}`);
    this.status = status;
    this.answer = answer;
  }
}

const violation = (property: string, message: string, code = 'DV422'): Violation => ({
  code,
  property,
  message,
});
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class DatavalidEmulator {
  readonly #tokens = new Map<string, number>();
  readonly #failures: Failure[] = [];
  readonly #scripted = new Map<string, Outcome>();
  /** Every validation it answered (tests read what the adapter sent). */
  readonly calls: { path: string; cpf: string; outcome: Outcome; answer: ValidationAnswer }[] = [];
  holdMs = 30_000;
  now: () => number = Date.now;

  readonly credentials: { clientId: string; clientSecret: string };

  constructor(credentials: { clientId: string; clientSecret: string }) {
    this.credentials = credentials;
  }

  failNext(failure: Failure, times = 1): void {
    for (let i = 0; i < times; i++) this.#failures.push(failure);
  }

  script(cpf: string, outcome: Outcome): void {
    this.#scripted.set(cpf, outcome);
  }

  /** POST /token: HTTP Basic with the client's credentials, form body grant_type=client_credentials. */
  issueToken(authorization: string | undefined, contentType: string | undefined, body: unknown) {
    const expected = Buffer.from(`${this.credentials.clientId}:${this.credentials.clientSecret}`).toString(
      'base64',
    );
    if (authorization !== `Basic ${expected}`)
      throw new EmulatorRefusal(401, {
        error: 'invalid_client',
        error_description: 'client authentication failed',
      });
    const form = isObject(body) ? body : {};
    if (
      !contentType?.startsWith('application/x-www-form-urlencoded') ||
      form.grant_type !== 'client_credentials'
    )
      throw new EmulatorRefusal(400, { error: 'unsupported_grant_type', error_description: 'grant_type' });
    const token = randomBytes(16).toString('hex');
    this.#tokens.set(token, this.now() + TOKEN_SECONDS * 1000);
    return {
      scope: 'am_application_scope default',
      token_type: 'Bearer',
      expires_in: TOKEN_SECONDS,
      access_token: token,
    };
  }

  /** The failure to act out on this call, if one is queued (a timeout is the route's to act out). */
  takeFailure(): Failure | undefined {
    return this.#failures.shift();
  }

  checkBearer(authorization: string | undefined, failure: Failure | undefined): void {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    const expiry = token ? this.#tokens.get(token) : undefined;
    if (failure === 'token_expired' && token) this.#tokens.delete(token);
    if (expiry === undefined || expiry <= this.now() || failure === 'token_expired')
      throw new EmulatorRefusal(401, { code: '900901', message: 'Invalid Credentials' });
  }

  /** POST /pf-facial or /pf-basica, after the bearer check: the registry's answer for the request. */
  validate(kind: 'pf-facial' | 'pf-basica', body: unknown): ValidationAnswer {
    const request = readRequest(body, kind === 'pf-facial');
    const outcome = this.#scripted.get(request.cpf) ?? BY_DIGIT[Number(request.cpf[0])] ?? 'clean';
    const answer = answerFor(outcome, request);
    this.calls.push({ path: kind, cpf: request.cpf, outcome, answer });
    return answer;
  }
}

interface ReadRequest {
  cpf: string;
  nome?: string;
  dataNascimento?: string;
  situacao?: string;
  face?: { bytes: Uint8Array; live: boolean };
}

const ALLOWED_TOP = new Set(['cpf', 'validacao']);
const ALLOWED_VALIDATION = new Set(['nome', 'data_nascimento', 'situacao_cpf', 'biometria_facial']);
const ALLOWED_FACE = new Set(['formato', 'vivacidade', 'base64']);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function unknownFields(object: Record<string, unknown>, allowed: Set<string>, prefix: string): Violation[] {
  return Object.keys(object)
    .filter((key) => !allowed.has(key))
    .map((key) => violation(prefix + key, 'parâmetro não permitido'));
}

function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Judges the request as the gateway would: 400 for a bad CPF, 422 listing every other problem. */
function readRequest(body: unknown, withFace: boolean): ReadRequest {
  if (!isObject(body)) throw new EmulatorRefusal(400, 'corpo da requisição inválido');
  if (typeof body.cpf !== 'string' || !/^\d{11}$/.test(body.cpf) || !isValidCpf(body.cpf))
    throw new EmulatorRefusal(400, 'cpf : valor inválido');
  const problems = unknownFields(body, ALLOWED_TOP, '');
  const validacao = body.validacao ?? {};
  if (!isObject(validacao)) throw new EmulatorRefusal(422, [violation('validacao', 'deve ser um objeto')]);
  problems.push(...unknownFields(validacao, ALLOWED_VALIDATION, 'validacao.'));
  const { nome, data_nascimento: birth, situacao_cpf: situacao } = validacao;
  if (nome !== undefined && (typeof nome !== 'string' || nome.trim() === ''))
    problems.push(violation('validacao.nome', 'deve ser um texto não vazio'));
  if (birth !== undefined && (typeof birth !== 'string' || !isRealDate(birth)))
    problems.push(violation('validacao.data_nascimento', 'formato esperado yyyy-mm-dd'));
  if (situacao !== undefined && typeof situacao !== 'string')
    problems.push(violation('validacao.situacao_cpf', 'deve ser um texto'));
  const face = readFace(validacao.biometria_facial, withFace, problems);
  if (problems.length > 0) throw new EmulatorRefusal(422, problems);
  return {
    cpf: body.cpf,
    ...(typeof nome === 'string' ? { nome } : {}),
    ...(typeof birth === 'string' ? { dataNascimento: birth } : {}),
    ...(typeof situacao === 'string' ? { situacao } : {}),
    ...(face ? { face } : {}),
  };
}

function readFace(raw: unknown, withFace: boolean, problems: Violation[]): ReadRequest['face'] {
  const at = 'validacao.biometria_facial';
  if (!withFace) {
    if (raw !== undefined) problems.push(violation(at, 'não aceito nesta operação'));
    return undefined;
  }
  if (!isObject(raw)) {
    problems.push(violation(at, 'obrigatório'));
    return undefined;
  }
  problems.push(...unknownFields(raw, ALLOWED_FACE, `${at}.`));
  if (raw.formato !== 'JPG' && raw.formato !== 'PNG') problems.push(violation(`${at}.formato`, 'JPG ou PNG'));
  if (typeof raw.vivacidade !== 'boolean') problems.push(violation(`${at}.vivacidade`, 'deve ser booleano'));
  const text = raw.base64;
  if (
    typeof text !== 'string' ||
    text === '' ||
    !/^[A-Za-z0-9+/]+={0,2}$/.test(text) ||
    text.length % 4 !== 0
  ) {
    problems.push(violation(`${at}.base64`, 'base64 sem quebras de linha nem prefixo'));
    return undefined;
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new EmulatorRefusal(413, 'imagem maior que o permitido');
  const size = raw.formato === 'JPG' ? jpegSize(bytes) : undefined;
  if (!size) problems.push(violation(`${at}.base64`, 'a imagem não é um JPG válido', 'DV020'));
  else if (Math.min(size.width, size.height) < MIN_SIDE)
    problems.push(violation(`${at}.base64`, 'imagem pequena demais para biometria', 'DV021'));
  return { bytes, live: raw.vivacidade === true };
}

/** A number in [low, high) that the same CPF and image always get. */
function steady(request: ReadRequest, low: number, high: number): number {
  const digest = createHash('sha256')
    .update(request.cpf)
    .update(request.face?.bytes ?? new Uint8Array())
    .digest();
  return Math.round((low + (digest.readUInt32BE(0) / 2 ** 32) * (high - low)) * 10_000) / 10_000;
}

function band(similarity: number): string {
  if (similarity >= 0.95) return 'Altíssima probabilidade';
  if (similarity >= 0.85) return 'Alta probabilidade';
  if (similarity >= 0.5) return 'Baixa probabilidade';
  return 'Baixíssima probabilidade';
}

function faceAnswer(outcome: Outcome, request: ReadRequest): ValidationAnswer['biometria_facial'] {
  if (!request.face) return undefined;
  if (outcome === 'no_face') return { disponivel: false };
  const similarity =
    outcome === 'spoof'
      ? steady(request, 0.18, 0.32)
      : outcome === 'other_face'
        ? steady(request, 0.35, 0.5)
        : steady(request, 0.9, 0.995);
  return {
    disponivel: true,
    probabilidade: band(similarity),
    similaridade: similarity,
    ...(request.face.live ? { vivacidade: outcome === 'spoof' ? 'NAO_REAL' : 'REAL' } : {}),
  };
}

function answerFor(outcome: Outcome, request: ReadRequest): ValidationAnswer {
  const face = faceAnswer(outcome, request);
  return {
    cpf_disponivel: true,
    ...(request.nome === undefined
      ? {}
      : { nome: outcome !== 'name', nome_similaridade: outcome === 'name' ? steady(request, 0.3, 0.6) : 1 }),
    ...(request.dataNascimento === undefined ? {} : { data_nascimento: outcome !== 'birth' }),
    ...(request.situacao === undefined
      ? {}
      : { situacao_cpf: outcome !== 'irregular' && request.situacao.toLowerCase() === 'regular' }),
    ...(face ? { biometria_facial: face } : {}),
  };
}
