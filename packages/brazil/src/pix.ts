import { crc16ccittHex } from './crc16.ts';

// The PIX BR Code ("copia e cola", and the text inside the QR code) is an EMV QRCPS
// merchant-presented payload with the Banco Central's profile on top (Manual do BR Code and
// Manual de Padrões para Iniciação do Pix).

export const PIX_ERROR_KEYS = {
  keyOrUrlRequired: 'brazil.pix.key_or_url_required',
  keyInvalid: 'brazil.pix.key_invalid',
  keyTooLong: 'brazil.pix.key_too_long',
  urlInvalid: 'brazil.pix.url_invalid',
  urlTooLong: 'brazil.pix.url_too_long',
  notAllowedWithUrl: 'brazil.pix.not_allowed_with_url',
  merchantNameEmpty: 'brazil.pix.merchant_name_empty',
  merchantNameInvalidCharacters: 'brazil.pix.merchant_name_invalid_characters',
  merchantNameTooLong: 'brazil.pix.merchant_name_too_long',
  merchantCityEmpty: 'brazil.pix.merchant_city_empty',
  merchantCityInvalidCharacters: 'brazil.pix.merchant_city_invalid_characters',
  merchantCityTooLong: 'brazil.pix.merchant_city_too_long',
  descriptionInvalidCharacters: 'brazil.pix.description_invalid_characters',
  merchantAccountTooLong: 'brazil.pix.merchant_account_too_long',
  amountNotPositive: 'brazil.pix.amount_not_positive',
  amountTooLarge: 'brazil.pix.amount_too_large',
  txidInvalid: 'brazil.pix.txid_invalid',
  txidTooLong: 'brazil.pix.txid_too_long',
} as const;

export type PixErrorKey = (typeof PIX_ERROR_KEYS)[keyof typeof PIX_ERROR_KEYS];

export class PixBrCodeError extends Error {
  readonly key: PixErrorKey;

  constructor(key: PixErrorKey, detail: string) {
    super(`${key}: ${detail}`);
    this.name = 'PixBrCodeError';
    this.key = key;
  }
}

type PixPayee = {
  /** Receiver's name; accents are folded to ASCII; at most 25 characters after folding. */
  merchantName: string;
  /** Receiver's city; accents are folded to ASCII; at most 15 characters after folding. */
  merchantCity: string;
};

/** Static BR Code: carries the receiver's PIX key and may be paid more than once. */
export type StaticPixBrCodeInput = PixPayee & {
  /** PIX key (CPF, CNPJ, +55 phone, e-mail or random EVP key), at most 77 characters. */
  key: string;
  url?: undefined;
  /** Fixed amount; omit it to let the payer type the amount. */
  amountCents?: bigint;
  /** Reconciliation id, 1–25 of [A-Za-z0-9]; omitted, the BR Code says "***" (none). */
  txid?: string;
  /** Free text shown to the payer, accents folded to ASCII; it shares 99 characters with the key. */
  description?: string;
};

/**
 * Dynamic BR Code: carries the PSP's location of the charge (without "https://"), which is the
 * source of truth for amount and txid, so neither may be given here.
 */
export type DynamicPixBrCodeInput = PixPayee & {
  url: string;
  key?: undefined;
  amountCents?: undefined;
  txid?: undefined;
  description?: undefined;
};

export type PixBrCodeInput = StaticPixBrCodeInput | DynamicPixBrCodeInput;

const PIX_GUI = 'br.gov.bcb.pix';
const MAX_FIELD_LENGTH = 99;
const MAX_KEY_LENGTH = 77;
const MAX_URL_LENGTH = 77;
const MAX_MERCHANT_NAME_LENGTH = 25;
const MAX_MERCHANT_CITY_LENGTH = 15;
const MAX_AMOUNT_LENGTH = 13;
const MAX_TXID_LENGTH = 25;
const NO_TXID = '***';
const CRC_FIELD_HEADER = '6304';
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
const TXID_CHARACTERS = /^[A-Za-z0-9]+$/;
// A host name with at least one dot, then an optional path of RFC 3986 path characters.
const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const PSP_LOCATION = new RegExp(
  `^${HOST_LABEL}(?:\\.${HOST_LABEL})+(?:/(?:%[0-9a-f]{2}|[a-z0-9._~!$&'()*+,;=:@-])*)*$`,
  'i',
);

/**
 * Builds the BR Code payload for a PIX charge.
 *
 * Fields, in order: 00 "01"; 01 "12" (single use) only for the dynamic `url` form, left out for
 * the static `key` form, which the manual lets be paid repeatedly; 26 merchant account
 * (00 GUI br.gov.bcb.pix, then 01 key and optional 02 description, or 25 url); 52 "0000";
 * 53 "986" (BRL); 54 amount with 2 decimals when given; 58 "BR"; 59 name; 60 city;
 * 62 additional data with 05 txid ("***" when none); 63 CRC16-CCITT-FALSE over everything
 * before it including "6304".
 *
 * Never truncates: every value over its limit throws a PixBrCodeError whose key says which.
 */
export function buildPixBrCode(input: PixBrCodeInput): string {
  const isDynamic = input.url !== undefined;
  const fields = [
    emvField('00', '01'),
    isDynamic ? emvField('01', '12') : '',
    emvField('26', merchantAccountTemplate(input)),
    emvField('52', '0000'),
    emvField('53', '986'),
    input.amountCents === undefined ? '' : emvField('54', amountText(input.amountCents)),
    emvField('58', 'BR'),
    emvField('59', payeeText(input.merchantName, 'merchantName')),
    emvField('60', payeeText(input.merchantCity, 'merchantCity')),
    emvField('62', emvField('05', txidText(input.txid))),
  ];
  const payloadWithoutCrc = fields.join('') + CRC_FIELD_HEADER;
  return payloadWithoutCrc + crc16ccittHex(payloadWithoutCrc);
}

/**
 * Whether the payload ends in a CRC field (63, length 04) matching everything before its value.
 * Hex digits are compared case-insensitively, as other readers do. Structure is not checked:
 * use parseEmv for that.
 */
export function hasValidBrCodeCrc(payload: string): boolean {
  const crcStart = payload.length - 4;
  if (crcStart < CRC_FIELD_HEADER.length || payload.slice(crcStart - 4, crcStart) !== CRC_FIELD_HEADER) {
    return false;
  }
  return crc16ccittHex(payload.slice(0, crcStart)) === payload.slice(crcStart).toUpperCase();
}

function emvField(id: string, value: string): string {
  // Unreachable when the checks below are right; kept so no overlong field can ever be written.
  if (value.length === 0 || value.length > MAX_FIELD_LENGTH) {
    throw new RangeError(`EMV field ${id} must hold 1–${MAX_FIELD_LENGTH} characters, got ${value.length}`);
  }
  return id + String(value.length).padStart(2, '0') + value;
}

function merchantAccountTemplate(input: PixBrCodeInput): string {
  const hasKey = input.key !== undefined;
  const hasUrl = input.url !== undefined;
  if (hasKey === hasUrl) {
    throw new PixBrCodeError(
      PIX_ERROR_KEYS.keyOrUrlRequired,
      'give exactly one of key (static) or url (dynamic)',
    );
  }
  const gui = emvField('00', PIX_GUI);
  if (hasUrl) return gui + emvField('25', pspLocation(input));
  const template = gui + emvField('01', pixKey(input.key!)) + descriptionField(input.description);
  if (template.length > MAX_FIELD_LENGTH) {
    throw new PixBrCodeError(
      PIX_ERROR_KEYS.merchantAccountTooLong,
      `key and description take ${template.length} of the ${MAX_FIELD_LENGTH} characters of field 26`,
    );
  }
  return template;
}

function pixKey(key: string): string {
  // Printable ASCII without spaces covers every DICT key format; which format it is and whether
  // it is registered is for the payer's bank to find out, as the manual allows.
  if (!VISIBLE_ASCII.test(key)) {
    throw new PixBrCodeError(PIX_ERROR_KEYS.keyInvalid, 'the key must be non-empty ASCII without spaces');
  }
  if (key.length > MAX_KEY_LENGTH) {
    throw new PixBrCodeError(
      PIX_ERROR_KEYS.keyTooLong,
      `the key has ${key.length} characters, at most ${MAX_KEY_LENGTH}`,
    );
  }
  return key;
}

function pspLocation(input: DynamicPixBrCodeInput): string {
  const { url } = input;
  if (input.amountCents !== undefined || input.txid !== undefined || input.description !== undefined) {
    throw new PixBrCodeError(
      PIX_ERROR_KEYS.notAllowedWithUrl,
      'amount, txid and description come from the PSP location in a dynamic BR Code',
    );
  }
  if (url.length > MAX_URL_LENGTH) {
    throw new PixBrCodeError(
      PIX_ERROR_KEYS.urlTooLong,
      `the url has ${url.length} characters, at most ${MAX_URL_LENGTH}`,
    );
  }
  if (!PSP_LOCATION.test(url)) {
    throw new PixBrCodeError(
      PIX_ERROR_KEYS.urlInvalid,
      'the url must be host/path without a scheme such as https://',
    );
  }
  return url;
}

function descriptionField(description: string | undefined): string {
  if (description === undefined) return '';
  const folded = foldToAscii(description).trim();
  if (!PRINTABLE_ASCII.test(folded)) {
    throw new PixBrCodeError(
      PIX_ERROR_KEYS.descriptionInvalidCharacters,
      'the description has characters without an ASCII form',
    );
  }
  return folded === '' ? '' : emvField('02', folded);
}

function amountText(amountCents: bigint): string {
  if (amountCents <= 0n) {
    throw new PixBrCodeError(
      PIX_ERROR_KEYS.amountNotPositive,
      'omit amountCents to let the payer choose the amount',
    );
  }
  const text = `${amountCents / 100n}.${String(amountCents % 100n).padStart(2, '0')}`;
  if (text.length > MAX_AMOUNT_LENGTH) {
    throw new PixBrCodeError(
      PIX_ERROR_KEYS.amountTooLarge,
      `the amount ${text} exceeds ${MAX_AMOUNT_LENGTH} characters`,
    );
  }
  return text;
}

const PAYEE_LIMITS = {
  merchantName: {
    maxLength: MAX_MERCHANT_NAME_LENGTH,
    empty: PIX_ERROR_KEYS.merchantNameEmpty,
    invalidCharacters: PIX_ERROR_KEYS.merchantNameInvalidCharacters,
    tooLong: PIX_ERROR_KEYS.merchantNameTooLong,
  },
  merchantCity: {
    maxLength: MAX_MERCHANT_CITY_LENGTH,
    empty: PIX_ERROR_KEYS.merchantCityEmpty,
    invalidCharacters: PIX_ERROR_KEYS.merchantCityInvalidCharacters,
    tooLong: PIX_ERROR_KEYS.merchantCityTooLong,
  },
} as const;

function payeeText(value: string, field: keyof typeof PAYEE_LIMITS): string {
  const limits = PAYEE_LIMITS[field];
  const folded = foldToAscii(value).trim();
  if (folded === '') throw new PixBrCodeError(limits.empty, `${field} is empty`);
  if (!PRINTABLE_ASCII.test(folded)) {
    throw new PixBrCodeError(limits.invalidCharacters, `${field} has characters without an ASCII form`);
  }
  if (folded.length > limits.maxLength) {
    throw new PixBrCodeError(
      limits.tooLong,
      `${field} has ${folded.length} characters, at most ${limits.maxLength}`,
    );
  }
  return folded;
}

function txidText(txid: string | undefined): string {
  if (txid === undefined) return NO_TXID;
  if (!TXID_CHARACTERS.test(txid)) {
    throw new PixBrCodeError(PIX_ERROR_KEYS.txidInvalid, 'the txid must be 1 or more of [A-Za-z0-9]');
  }
  if (txid.length > MAX_TXID_LENGTH) {
    throw new PixBrCodeError(
      PIX_ERROR_KEYS.txidTooLong,
      `the txid has ${txid.length} characters, at most ${MAX_TXID_LENGTH}`,
    );
  }
  return txid;
}

/**
 * Drops accents the way banks print names ("São Paulo" → "Sao Paulo", "Ç" → "C"): decompose,
 * then remove the combining marks. Letters with no decomposition (ß, Ø, Æ) stay non-ASCII and
 * are refused by the callers rather than guessed at.
 */
function foldToAscii(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}
