import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16ccitt, crc16ccittHex } from './crc16.ts';
import { EMV_ERROR_KEYS, EmvParseError, findEmvValue, parseEmv } from './emv.ts';

// Static example of the Banco Central's Manual de Padrões para Iniciação do Pix, CRC 1D3D.
const BCB_STATIC_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
  '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('crc16ccitt', () => {
  it('gives the CRC-16/CCITT-FALSE check value and known values', () => {
    expect(crc16ccitt('123456789')).toBe(0x29b1);
    expect(crc16ccitt('')).toBe(0xffff);
    expect(crc16ccitt('A')).toBe(0xb915);
    expect(crc16ccittHex('123456789')).toBe('29B1');
  });

  it('reproduces the CRC published with the Banco Central example', () => {
    expect(crc16ccittHex(BCB_STATIC_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('pads to 4 upper-case hex digits', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(crc16ccittHex(text)).toMatch(/^[0-9A-F]{4}$/);
        expect(Number.parseInt(crc16ccittHex(text), 16)).toBe(crc16ccitt(text));
      }),
    );
  });

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    // 'é' is C3 A9 in UTF-8: the same CRC as the two Latin-1 characters Ã and ©, byte for byte.
    expect(crc16ccitt('é')).not.toBe(crc16ccitt('e'));
    expect(crc16ccitt('é')).toBe(crc16ccittOfBytes([0xc3, 0xa9]));
  });
});

/** A second, table-free CRC over raw bytes, written from the definition, to cross-check. */
function crc16ccittOfBytes(bytes: readonly number[]): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    for (let bit = 7; bit >= 0; bit--) {
      const inputBit = (byte >> bit) & 1;
      const topBit = (crc >> 15) & 1;
      crc = (crc << 1) & 0xffff;
      if (inputBit !== topBit) crc ^= 0x1021;
    }
  }
  return crc;
}

describe('crc16ccitt against a bit-serial implementation', () => {
  it('agrees on any ASCII text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (text) => {
        expect(crc16ccitt(text)).toBe(
          crc16ccittOfBytes(Array.from(text, (character) => character.charCodeAt(0))),
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseEmv', () => {
  it('reads the Banco Central example, and its templates one level at a time', () => {
    const fields = parseEmv(BCB_STATIC_EXAMPLE);
    expect(fields.map((field) => field.id)).toEqual(['00', '26', '52', '53', '58', '59', '60', '62', '63']);
    expect(findEmvValue(fields, '59')).toBe('Fulano de Tal');
    expect(findEmvValue(fields, '63')).toBe('1D3D');
    expect(findEmvValue(fields, '54')).toBeUndefined();
    expect(parseEmv(findEmvValue(fields, '26')!)).toEqual([
      { id: '00', value: 'br.gov.bcb.pix' },
      { id: '01', value: '123e4567-e12b-12d1-a456-426655440000' },
    ]);
    expect(parseEmv(findEmvValue(fields, '62')!)).toEqual([{ id: '05', value: '***' }]);
  });

  it('reads nothing from nothing', () => {
    expect(parseEmv('')).toEqual([]);
  });

  it.each([
    ['000', EMV_ERROR_KEYS.truncatedField, 0],
    ['000201010', EMV_ERROR_KEYS.truncatedField, 6],
    ['AB02xx', EMV_ERROR_KEYS.invalidHeader, 0],
    ['000201A102xx', EMV_ERROR_KEYS.invalidHeader, 6],
    ['0002010-1x', EMV_ERROR_KEYS.invalidHeader, 6],
    ['0002010599', EMV_ERROR_KEYS.valueOverrun, 6],
    ['0005abc', EMV_ERROR_KEYS.valueOverrun, 0],
  ])('refuses %j with %s at offset %i', (payload, expectedKey, expectedOffset) => {
    try {
      parseEmv(payload);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EmvParseError);
      expect((error as EmvParseError).key).toBe(expectedKey);
      expect((error as EmvParseError).offset).toBe(expectedOffset);
    }
  });

  it('round-trips any sequence of fields', () => {
    const field = fc.record({
      id: fc.integer({ min: 0, max: 99 }).map((id) => String(id).padStart(2, '0')),
      value: fc.string({ unit: 'binary-ascii', minLength: 0, maxLength: 99 }),
    });
    fc.assert(
      fc.property(fc.array(field, { maxLength: 12 }), (fields) => {
        const payload = fields
          .map(({ id, value }) => id + String(value.length).padStart(2, '0') + value)
          .join('');
        expect(parseEmv(payload)).toEqual(fields);
      }),
    );
  });
});
