export const EMV_ERROR_KEYS = {
  truncatedField: 'brazil.emv.truncated_field',
  invalidHeader: 'brazil.emv.invalid_header',
  valueOverrun: 'brazil.emv.value_overrun',
} as const;

export type EmvErrorKey = (typeof EMV_ERROR_KEYS)[keyof typeof EMV_ERROR_KEYS];

export class EmvParseError extends Error {
  readonly key: EmvErrorKey;
  /** Character offset of the field that could not be read. */
  readonly offset: number;

  constructor(key: EmvErrorKey, offset: number, detail: string) {
    super(`${key} at offset ${offset}: ${detail}`);
    this.name = 'EmvParseError';
    this.key = key;
    this.offset = offset;
  }
}

/** One EMV data object: 2-digit ID and its value (the 2-digit length is implied by the value). */
export type EmvField = { readonly id: string; readonly value: string };

const HEADER_LENGTH = 4;
const TWO_DIGITS = /^[0-9]{2}$/;

/**
 * Reads one level of EMV QRCPS TLV data (ID: 2 digits, length: 2 digits, then that many
 * characters) into fields, in order. Templates such as 26 or 62 stay as text: call parseEmv
 * again on their value. Throws EmvParseError on anything that is not exactly a field sequence.
 * It checks structure only: the CRC is checked by hasValidBrCodeCrc.
 */
export function parseEmv(payload: string): EmvField[] {
  const fields: EmvField[] = [];
  let offset = 0;
  while (offset < payload.length) {
    if (payload.length - offset < HEADER_LENGTH) {
      throw new EmvParseError(
        EMV_ERROR_KEYS.truncatedField,
        offset,
        'fewer than 4 characters left for a field',
      );
    }
    const id = payload.slice(offset, offset + 2);
    const lengthText = payload.slice(offset + 2, offset + HEADER_LENGTH);
    if (!TWO_DIGITS.test(id) || !TWO_DIGITS.test(lengthText)) {
      throw new EmvParseError(
        EMV_ERROR_KEYS.invalidHeader,
        offset,
        `expected 4 digits, got ${JSON.stringify(id + lengthText)}`,
      );
    }
    const valueStart = offset + HEADER_LENGTH;
    const valueEnd = valueStart + Number(lengthText);
    if (valueEnd > payload.length) {
      throw new EmvParseError(EMV_ERROR_KEYS.valueOverrun, offset, `field ${id} runs past the end`);
    }
    fields.push({ id, value: payload.slice(valueStart, valueEnd) });
    offset = valueEnd;
  }
  return fields;
}

/** The value of the first field with this ID, if any. */
export function findEmvValue(fields: readonly EmvField[], id: string): string | undefined {
  return fields.find((field) => field.id === id)?.value;
}
