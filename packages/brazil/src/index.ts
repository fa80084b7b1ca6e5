// Brazilian identifiers and payment formats, pure and synchronous, for the server and the browser.
export {
  CNPJ_ERROR_KEYS,
  type CnpjErrorKey,
  formatCnpj,
  isValidCnpj,
  normalizeCnpj,
  validateCnpj,
} from './cnpj.ts';
export { CPF_ERROR_KEYS, type CpfErrorKey, formatCpf, isValidCpf, normalizeCpf, validateCpf } from './cpf.ts';
export { crc16ccitt, crc16ccittHex } from './crc16.ts';
export {
  EMV_ERROR_KEYS,
  type EmvErrorKey,
  type EmvField,
  EmvParseError,
  findEmvValue,
  parseEmv,
} from './emv.ts';
export {
  buildPixBrCode,
  type DynamicPixBrCodeInput,
  hasValidBrCodeCrc,
  PIX_ERROR_KEYS,
  PixBrCodeError,
  type PixBrCodeInput,
  type PixErrorKey,
  type StaticPixBrCodeInput,
} from './pix.ts';
export { isValidTronAddress, TRON_ERROR_KEYS, type TronErrorKey, validateTronAddress } from './tron.ts';
export type { ValidationResult } from './validation.ts';
export {
  eventsNetPrizeCents,
  netPrizeCents,
  type PeriodPlay,
  type TaxPeriod,
  taxDueCents,
  taxPeriodBounds,
  taxPeriodOf,
  type WinningsTaxRule,
  withholdingCents,
} from './winnings-tax.ts';
