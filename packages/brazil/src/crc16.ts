const POLYNOMIAL = 0x1021;
const INITIAL_VALUE = 0xffff;
const textEncoder = new TextEncoder();

/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR),
 * the checksum of EMV QR codes and so of the PIX BR Code, over the UTF-8 bytes of `text`
 * (a BR Code is ASCII, where bytes and characters coincide). Returns 0 … 0xFFFF;
 * crc16ccitt('123456789') is 0x29B1, the standard check value.
 */
export function crc16ccitt(text: string): number {
  let crc = INITIAL_VALUE;
  for (const byte of textEncoder.encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ POLYNOMIAL) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The CRC as the BR Code writes it: 4 upper-case hex digits. */
export function crc16ccittHex(text: string): string {
  return crc16ccitt(text).toString(16).toUpperCase().padStart(4, '0');
}
