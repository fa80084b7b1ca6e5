import { getPixPayloadInfo, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findEmvValue, parseEmv } from './emv.ts';
import {
  buildPixBrCode,
  hasValidBrCodeCrc,
  PIX_ERROR_KEYS,
  PixBrCodeError,
  type PixBrCodeInput,
  type PixErrorKey,
} from './pix.ts';
import { validCpf, validNumericCnpj } from './test-generators.ts';

// Static example of the Banco Central's Manual de Padrões para Iniciação do Pix, CRC 1D3D.
const BCB_STATIC_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
  '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
// The example of the pix-utils README, widely copied, with amount and description, CRC 059A.
const PIX_UTILS_EXAMPLE =
  '00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils' +
  '52040000530398654041.005802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***6304059A';

function thrownKey(input: PixBrCodeInput): PixErrorKey | undefined {
  try {
    buildPixBrCode(input);
  } catch (error) {
    if (error instanceof PixBrCodeError) return error.key;
    throw error;
  }
  return undefined;
}

const BASE_INPUT = {
  key: 'pix@example.com',
  merchantName: 'Aposta Ltda',
  merchantCity: 'Sao Paulo',
} as const;

describe('buildPixBrCode, published examples', () => {
  it('reproduces the Banco Central static example byte for byte, CRC 1D3D', () => {
    const payload = buildPixBrCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(payload).toBe(BCB_STATIC_EXAMPLE);
  });

  it('reproduces the pix-utils example with amount and description, CRC 059A', () => {
    const payload = buildPixBrCode({
      key: 'nubank@thalesog.com',
      description: 'Gerado por Pix-Utils',
      amountCents: 100n,
      merchantName: 'Thales Ogliari',
      merchantCity: 'SAO MIGUEL DO O',
    });
    expect(payload).toBe(PIX_UTILS_EXAMPLE);
  });

  it('has both examples accepted by the reference parser and by hasValidBrCodeCrc', () => {
    for (const payload of [BCB_STATIC_EXAMPLE, PIX_UTILS_EXAMPLE]) {
      expect(isValidPixPayload(payload)).toBe(true);
      expect(hasValidBrCodeCrc(payload)).toBe(true);
    }
    expect(getPixPayloadInfo(PIX_UTILS_EXAMPLE)).toEqual({
      key: 'nubank@thalesog.com',
      description: 'Gerado por Pix-Utils',
      amount: 1,
      merchantName: 'Thales Ogliari',
      merchantCity: 'SAO MIGUEL DO O',
      pointOfInitiation: 'static',
    });
  });
});

describe('buildPixBrCode, fields', () => {
  it('writes amount, txid and folded names, and the reference parser reads them back', () => {
    const payload = buildPixBrCode({
      key: '+5511999998888',
      merchantName: 'Apostas São João Ltda',
      merchantCity: 'Brasília',
      amountCents: 123456n,
      txid: 'DEP2024abc',
      description: 'Depósito',
    });
    const fields = parseEmv(payload);
    expect(findEmvValue(fields, '54')).toBe('1234.56');
    expect(findEmvValue(fields, '59')).toBe('Apostas Sao Joao Ltda');
    expect(findEmvValue(fields, '60')).toBe('Brasilia');
    expect(findEmvValue(fields, '01')).toBeUndefined();
    expect(getPixPayloadInfo(payload)).toEqual({
      key: '+5511999998888',
      description: 'Deposito',
      merchantName: 'Apostas Sao Joao Ltda',
      merchantCity: 'Brasilia',
      amount: 1234.56,
      txid: 'DEP2024abc',
      pointOfInitiation: 'static',
    });
  });

  it('writes amounts with exactly 2 decimals', () => {
    for (const [amountCents, text] of [
      [1n, '0.01'],
      [10n, '0.10'],
      [100n, '1.00'],
      [999_999_999_999n, '9999999999.99'],
    ] as const) {
      expect(findEmvValue(parseEmv(buildPixBrCode({ ...BASE_INPUT, amountCents })), '54')).toBe(text);
    }
  });

  it('builds the dynamic form: 01 "12" and the PSP location in 26-25, no amount nor txid', () => {
    const url = 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25';
    const payload = buildPixBrCode({ url, merchantName: 'Aposta Ltda', merchantCity: 'Sao Paulo' });
    const fields = parseEmv(payload);
    expect(findEmvValue(fields, '01')).toBe('12');
    expect(parseEmv(findEmvValue(fields, '26')!)).toEqual([
      { id: '00', value: 'br.gov.bcb.pix' },
      { id: '25', value: url },
    ]);
    expect(findEmvValue(parseEmv(findEmvValue(fields, '62')!), '05')).toBe('***');
    expect(getPixPayloadInfo(payload)).toEqual({
      url,
      merchantName: 'Aposta Ltda',
      merchantCity: 'Sao Paulo',
      pointOfInitiation: 'dynamic',
    });
  });

  it('accepts every limit exactly and folds before counting', () => {
    expect(thrownKey({ ...BASE_INPUT, merchantName: 'N'.repeat(25) })).toBeUndefined();
    expect(thrownKey({ ...BASE_INPUT, merchantCity: 'C'.repeat(15) })).toBeUndefined();
    expect(thrownKey({ ...BASE_INPUT, txid: 'T'.repeat(25) })).toBeUndefined();
    expect(thrownKey({ ...BASE_INPUT, key: 'k'.repeat(77) })).toBeUndefined();
    expect(thrownKey({ ...BASE_INPUT, key: 'k'.repeat(71), description: 'ab' })).toBeUndefined();
    expect(
      thrownKey({ url: `${'a'.repeat(65)}.example.com`, merchantName: 'N', merchantCity: 'C' }),
    ).toBeUndefined();
    // 25 letters written as letter + combining accent: 50 UTF-16 units, 25 after folding.
    const decomposed = 'e\u0301'.repeat(25);
    expect(findEmvValue(parseEmv(buildPixBrCode({ ...BASE_INPUT, merchantName: decomposed })), '59')).toBe(
      'e'.repeat(25),
    );
  });

  it('leaves out a description that is empty after trimming', () => {
    const payload = buildPixBrCode({ ...BASE_INPUT, description: '   ' });
    expect(parseEmv(findEmvValue(parseEmv(payload), '26')!).map((field) => field.id)).toEqual(['00', '01']);
  });
});

describe('buildPixBrCode refuses, saying why', () => {
  it.each<[string, PixBrCodeInput, PixErrorKey]>([
    [
      'no key nor url',
      { merchantName: 'N', merchantCity: 'C' } as PixBrCodeInput,
      PIX_ERROR_KEYS.keyOrUrlRequired,
    ],
    [
      'both key and url',
      {
        key: 'a@b.co',
        url: 'pix.example.com/x',
        merchantName: 'N',
        merchantCity: 'C',
      } as unknown as PixBrCodeInput,
      PIX_ERROR_KEYS.keyOrUrlRequired,
    ],
    ['an empty key', { ...BASE_INPUT, key: '' }, PIX_ERROR_KEYS.keyInvalid],
    ['a key with spaces', { ...BASE_INPUT, key: 'a b@c.com' }, PIX_ERROR_KEYS.keyInvalid],
    ['a non-ASCII key', { ...BASE_INPUT, key: 'joão@example.com' }, PIX_ERROR_KEYS.keyInvalid],
    ['a 78-character key', { ...BASE_INPUT, key: 'k'.repeat(78) }, PIX_ERROR_KEYS.keyTooLong],
    [
      'a key and description over 99 characters',
      { ...BASE_INPUT, key: 'k'.repeat(72), description: 'ab' },
      PIX_ERROR_KEYS.merchantAccountTooLong,
    ],
    [
      'a url with a scheme',
      { url: 'https://pix.example.com/x', merchantName: 'N', merchantCity: 'C' },
      PIX_ERROR_KEYS.urlInvalid,
    ],
    [
      'a url without a dot',
      { url: 'localhost/x', merchantName: 'N', merchantCity: 'C' },
      PIX_ERROR_KEYS.urlInvalid,
    ],
    [
      'a url with spaces',
      { url: 'pix.example.com/a b', merchantName: 'N', merchantCity: 'C' },
      PIX_ERROR_KEYS.urlInvalid,
    ],
    [
      'a 78-character url',
      { url: `${'a'.repeat(66)}.example.com`, merchantName: 'N', merchantCity: 'C' },
      PIX_ERROR_KEYS.urlTooLong,
    ],
    [
      'an amount with a url',
      {
        url: 'pix.example.com/x',
        amountCents: 100n,
        merchantName: 'N',
        merchantCity: 'C',
      } as unknown as PixBrCodeInput,
      PIX_ERROR_KEYS.notAllowedWithUrl,
    ],
    [
      'a txid with a url',
      {
        url: 'pix.example.com/x',
        txid: 'abc',
        merchantName: 'N',
        merchantCity: 'C',
      } as unknown as PixBrCodeInput,
      PIX_ERROR_KEYS.notAllowedWithUrl,
    ],
    ['an empty name', { ...BASE_INPUT, merchantName: '  ' }, PIX_ERROR_KEYS.merchantNameEmpty],
    [
      'a 26-character name',
      { ...BASE_INPUT, merchantName: 'N'.repeat(26) },
      PIX_ERROR_KEYS.merchantNameTooLong,
    ],
    [
      'a name with ß',
      { ...BASE_INPUT, merchantName: 'Straße' },
      PIX_ERROR_KEYS.merchantNameInvalidCharacters,
    ],
    [
      'a name with an emoji',
      { ...BASE_INPUT, merchantName: 'Aposta 🎰' },
      PIX_ERROR_KEYS.merchantNameInvalidCharacters,
    ],
    [
      'a name with a newline',
      { ...BASE_INPUT, merchantName: 'A\nB' },
      PIX_ERROR_KEYS.merchantNameInvalidCharacters,
    ],
    ['an empty city', { ...BASE_INPUT, merchantCity: '' }, PIX_ERROR_KEYS.merchantCityEmpty],
    [
      'a 16-character city',
      { ...BASE_INPUT, merchantCity: 'C'.repeat(16) },
      PIX_ERROR_KEYS.merchantCityTooLong,
    ],
    [
      'a city in Cyrillic',
      { ...BASE_INPUT, merchantCity: 'Москва' },
      PIX_ERROR_KEYS.merchantCityInvalidCharacters,
    ],
    [
      'a description with Ø',
      { ...BASE_INPUT, description: 'Ø' },
      PIX_ERROR_KEYS.descriptionInvalidCharacters,
    ],
    ['a zero amount', { ...BASE_INPUT, amountCents: 0n }, PIX_ERROR_KEYS.amountNotPositive],
    ['a negative amount', { ...BASE_INPUT, amountCents: -1n }, PIX_ERROR_KEYS.amountNotPositive],
    [
      'a 14-character amount',
      { ...BASE_INPUT, amountCents: 1_000_000_000_000n },
      PIX_ERROR_KEYS.amountTooLarge,
    ],
    ['an empty txid', { ...BASE_INPUT, txid: '' }, PIX_ERROR_KEYS.txidInvalid],
    ['a txid of ***', { ...BASE_INPUT, txid: '***' }, PIX_ERROR_KEYS.txidInvalid],
    ['a txid with a dash', { ...BASE_INPUT, txid: 'abc-123' }, PIX_ERROR_KEYS.txidInvalid],
    ['a 26-character txid', { ...BASE_INPUT, txid: 'T'.repeat(26) }, PIX_ERROR_KEYS.txidTooLong],
  ])('%s', (_label, input, expectedKey) => {
    expect(thrownKey(input)).toBe(expectedKey);
  });
});

// Pairs of (what the caller writes, what the BR Code must carry), so the expected folding is
// spelled out here rather than computed by the code under test.
const FOLDING_PAIRS: readonly (readonly [string, string])[] = [
  ['á', 'a'],
  ['à', 'a'],
  ['â', 'a'],
  ['ã', 'a'],
  ['Ã', 'A'],
  ['ç', 'c'],
  ['Ç', 'C'],
  ['é', 'e'],
  ['ê', 'e'],
  ['É', 'E'],
  ['í', 'i'],
  ['ó', 'o'],
  ['ô', 'o'],
  ['õ', 'o'],
  ['Ô', 'O'],
  ['ú', 'u'],
  ['ü', 'u'],
  ['n\u0303', 'n'],
  ['a\u0301', 'a'],
  [' ', ' '],
  ['-', '-'],
  ['&', '&'],
  ['.', '.'],
  ["'", "'"],
  ...Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', (c) => [c, c] as const),
];

function foldablePlace(maxLength: number): fc.Arbitrary<{ written: string; folded: string }> {
  return fc
    .array(fc.constantFrom(...FOLDING_PAIRS), { minLength: 1, maxLength })
    .map((pairs) => ({
      written: pairs.map(([written]) => written).join(''),
      folded: pairs
        .map(([, folded]) => folded)
        .join('')
        .trim(),
    }))
    .filter(({ folded }) => folded !== '');
}

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const pixKey = fc.oneof(
  validCpf,
  validNumericCnpj,
  fc.uuid(),
  fc
    .string({ unit: fc.constantFrom(...'0123456789'), minLength: 10, maxLength: 11 })
    .map((digits) => `+55${digits}`),
  fc.emailAddress().filter((email) => email.length <= 77),
);
const staticInput = fc.record(
  {
    key: pixKey,
    name: foldablePlace(25),
    city: foldablePlace(15),
    amountCents: fc.bigInt({ min: 1n, max: 999_999_999_999n }),
    txid: fc.string({ unit: fc.constantFrom(...alphanumeric), minLength: 1, maxLength: 25 }),
    description: foldablePlace(40),
  },
  { requiredKeys: ['key', 'name', 'city'] },
);

function expectedAmountText(amountCents: bigint): string {
  return `${amountCents / 100n}.${String(amountCents % 100n).padStart(2, '0')}`;
}

describe('buildPixBrCode, random inputs read back by the reference parser', () => {
  it('agrees with the reference on CRC, key, amount, txid, name, city and description', () => {
    fc.assert(
      fc.property(staticInput, ({ key, name, city, amountCents, txid, description }) => {
        const input = {
          key,
          merchantName: name.written,
          merchantCity: city.written,
          amountCents,
          txid,
          description: description?.written,
        };
        const accountLength = 18 + 4 + key.length + (description ? 4 + description.folded.length : 0);
        if (accountLength > 99) {
          expect(thrownKey(input)).toBe(PIX_ERROR_KEYS.merchantAccountTooLong);
          return;
        }
        const payload = buildPixBrCode(input);
        expect(payload).toMatch(/^[\x20-\x7e]+$/);
        expect(hasValidBrCodeCrc(payload)).toBe(true);
        expect(isValidPixPayload(payload)).toBe(true);
        const info = getPixPayloadInfo(payload);
        expect(info).not.toBeNull();
        expect(info?.key).toBe(key);
        expect(info?.merchantName).toBe(name.folded);
        expect(info?.merchantCity).toBe(city.folded);
        expect(info?.txid).toBe(txid);
        expect(info?.description).toBe(description?.folded);
        expect(info?.pointOfInitiation).toBe('static');
        const amountText = findEmvValue(parseEmv(payload), '54');
        expect(amountText).toBe(amountCents === undefined ? undefined : expectedAmountText(amountCents));
        expect(info?.amount).toBe(amountText === undefined ? undefined : Number(amountText));
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees with the reference on dynamic BR Codes', () => {
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
    const url = fc
      .tuple(
        fc.array(label, { minLength: 2, maxLength: 4 }),
        fc.array(fc.stringMatching(/^[A-Za-z0-9._~-]{0,12}$/)),
      )
      .map(([labels, segments]) => [labels.join('.'), ...segments].join('/'))
      .filter((text) => text.length <= 77);
    fc.assert(
      fc.property(url, foldablePlace(25), foldablePlace(15), (location, name, city) => {
        const payload = buildPixBrCode({
          url: location,
          merchantName: name.written,
          merchantCity: city.written,
        });
        expect(getPixPayloadInfo(payload)).toEqual({
          url: location,
          merchantName: name.folded,
          merchantCity: city.folded,
          pointOfInitiation: 'dynamic',
        });
      }),
      { numRuns: 500 },
    );
  });

  it('makes any single changed character fail both CRC checks', () => {
    const payloadAndChange = staticInput
      .filter(
        ({ key, description }) => 22 + key.length + (description ? 4 + description.folded.length : 0) <= 99,
      )
      .map(({ key, name, city, amountCents, txid, description }) =>
        buildPixBrCode({
          key,
          merchantName: name.written,
          merchantCity: city.written,
          amountCents,
          txid,
          description: description?.written,
        }),
      )
      .chain((payload) =>
        fc.record({
          payload: fc.constant(payload),
          position: fc.integer({ min: 0, max: payload.length - 1 }),
          replacement: fc
            .string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 })
            .filter((c) => c >= ' '),
        }),
      );
    fc.assert(
      fc.property(payloadAndChange, ({ payload, position, replacement }) => {
        // The CRC's hex digits are compared case-insensitively, so 'd' for 'D' is no change.
        fc.pre(payload[position]!.toUpperCase() !== replacement.toUpperCase());
        const changed = payload.slice(0, position) + replacement + payload.slice(position + 1);
        expect(hasValidBrCodeCrc(changed)).toBe(false);
        expect(isValidPixPayload(changed)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('hasValidBrCodeCrc', () => {
  it('needs the 6304 header and the right 4 hex digits', () => {
    expect(hasValidBrCodeCrc(BCB_STATIC_EXAMPLE)).toBe(true);
    expect(hasValidBrCodeCrc(BCB_STATIC_EXAMPLE.replace(/1D3D$/, '1d3d'))).toBe(true);
    expect(hasValidBrCodeCrc(BCB_STATIC_EXAMPLE.replace(/1D3D$/, '1D3E'))).toBe(false);
    expect(hasValidBrCodeCrc(BCB_STATIC_EXAMPLE.slice(0, -8))).toBe(false);
    expect(hasValidBrCodeCrc('')).toBe(false);
    expect(hasValidBrCodeCrc('6304')).toBe(false);
  });
});
