/**
 * Serpro's Datavalid, as we read its published material (docs/providers/datavalid.md, decision 0065): OAuth2
 * client credentials at the gateway's token endpoint, then `POST {api}/pf-facial` (CPF, the biographic data to
 * compare and the selfie with liveness) or `POST {api}/pf-basica` (no selfie). One place for the shapes, used by the
 * adapter to read answers and by the emulator to judge requests, and where each reading is explained.
 */

/** The face bands Datavalid words its comparisons in, strongest first. */
export const PROBABILITY_BANDS = [
  'Altíssima probabilidade',
  'Alta probabilidade',
  'Baixa probabilidade',
  'Baixíssima probabilidade',
] as const;
export type ProbabilityBand = (typeof PROBABILITY_BANDS)[number];

/** The only liveness verdict the public material shows; anything else is read as "not a live person". */
export const LIVE = 'REAL';

export interface FaceRequest {
  formato: 'JPG' | 'PNG';
  /** Ask for liveness (prova de vida) as well as the comparison. */
  vivacidade: boolean;
  /** The image, base64 without line breaks and without a `data:` prefix. */
  base64: string;
}

export interface ValidationRequest {
  cpf: string;
  validacao?: {
    nome?: string;
    /** YYYY-MM-DD */
    data_nascimento?: string;
    /** The standing we claim ('regular'); the answer says whether the registry agrees. */
    situacao_cpf?: string;
    biometria_facial?: FaceRequest;
  };
}

export interface FaceAnswer {
  disponivel: boolean;
  probabilidade?: string;
  similaridade?: number;
  vivacidade?: string;
}

export interface ValidationAnswer {
  cpf_disponivel: boolean;
  nome?: boolean;
  nome_similaridade?: number;
  data_nascimento?: boolean;
  situacao_cpf?: boolean;
  biometria_facial?: FaceAnswer;
}

/** One problem of a 422 answer (the published Violation: code, property, message). */
export interface Violation {
  code: string;
  property: string;
  message: string;
}

export interface TokenAnswer {
  access_token: string;
  token_type: string;
  expires_in?: number;
  scope?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const optional = (value: unknown, type: 'boolean' | 'number' | 'string') =>
  value === undefined || typeof value === type;

/** Reads a 200 answer strictly: a field of the wrong type is a broken answer, not a "no". */
export function readValidationAnswer(body: unknown): ValidationAnswer {
  if (!isObject(body) || typeof body.cpf_disponivel !== 'boolean')
    throw new Error('datavalid: answer without cpf_disponivel');
  const face = body.biometria_facial;
  const fieldsOk =
    optional(body.nome, 'boolean') &&
    optional(body.nome_similaridade, 'number') &&
    optional(body.data_nascimento, 'boolean') &&
    optional(body.situacao_cpf, 'boolean');
  if (!fieldsOk) throw new Error('datavalid: answer with a field of the wrong type');
  if (face !== undefined) {
    const faceOk =
      isObject(face) &&
      typeof face.disponivel === 'boolean' &&
      optional(face.probabilidade, 'string') &&
      optional(face.similaridade, 'number') &&
      optional(face.vivacidade, 'string');
    if (!faceOk) throw new Error('datavalid: biometria_facial of the wrong shape');
  }
  return body as unknown as ValidationAnswer;
}

export function readTokenAnswer(body: unknown): TokenAnswer {
  if (!isObject(body) || typeof body.access_token !== 'string' || body.access_token === '')
    throw new Error('datavalid: token answer without access_token');
  if (typeof body.token_type !== 'string' || body.token_type.toLowerCase() !== 'bearer')
    throw new Error('datavalid: token answer is not a bearer token');
  if (!optional(body.expires_in, 'number')) throw new Error('datavalid: expires_in is not a number');
  return body as unknown as TokenAnswer;
}

/** Width and height of a baseline or progressive JPEG (its SOF segment); undefined when it is not a JPEG. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > bytes.length) return undefined;
      const height = ((bytes[at + 5] as number) << 8) | (bytes[at + 6] as number);
      const width = ((bytes[at + 7] as number) << 8) | (bytes[at + 8] as number);
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    if (marker === 0xda) return undefined;
    at += 2 + length;
  }
  return undefined;
}
