import { randomBytes } from 'node:crypto';
import type { PayoutRail } from './provider.ts';

/** Payouts of an amount ending in ,13 are refused, so tests and demos can see a failed payout returned. */
export const LOCAL_FAILING_CENTS = 13n;

const endToEndId = (at: Date) =>
  `E99999999${at.toISOString().replace(/[-:T]/g, '').slice(0, 12)}${randomBytes(6).toString('hex').slice(0, 11)}`;

/**
 * The payout rail when no PSP send-Pix is configured (PIX_PAYOUTS unset, outside production): transfers settle at
 * once (paid, or refused for amounts ending in ,13), USDT included. It keeps no books, so it cannot be asked about
 * a payout: a payout job interrupted mid-way sends again. A real PSP's rail (PIX_PAYOUTS=efi) replaces it.
 */
export function localPayoutRail(): PayoutRail & {
  /** The DICT as this rail sees it: a CPF key is its owner's; any other key only when registered (tests, demos). */
  resolveKey(keyType: 'CPF' | 'CNPJ', key: string): Promise<{ ownerCpf: string | null }>;
  registerKey(key: string, ownerCpf: string): void;
} {
  const dict = new Map<string, string>();
  return {
    name: 'local',
    async send(_idEnvio, request) {
      if (request.amountCents % 100n === LOCAL_FAILING_CENTS) {
        return { status: 'failed', reason: 'local rail: payouts ending in ,13 are refused' };
      }
      return { status: 'paid', reference: endToEndId(new Date()) };
    },
    status: async () => ({ status: 'unknown' }),
    async resolveKey(keyType, key) {
      return { ownerCpf: keyType === 'CPF' ? key : (dict.get(key) ?? null) };
    },
    registerKey(key, ownerCpf) {
      dict.set(key, ownerCpf);
    },
  };
}
