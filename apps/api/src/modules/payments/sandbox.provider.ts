import { randomBytes } from 'node:crypto';
import { buildPixBrCode } from '@aposta/brazil';
import { centsToDecimalString, parseAmountToCents } from '@aposta/money';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ConfirmedPix, CreatedCharge, PaymentProvider, PayoutOutcome } from './provider.ts';
import {
  SIGNATURE_HEADER,
  signWebhook,
  TIMESTAMP_HEADER,
  verifyWebhookSignature,
} from './webhook-signature.ts';

export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<boolean>;

/** Payouts of an amount ending in ,13 fail: the sandbox's documented way to exercise the return path. */
export const SANDBOX_FAILING_CENTS = 13n;

function endToEndId(now: Date): string {
  // E + ISPB (8) + yyyyMMddHHmm + 11 random: the 32-character shape of the Banco Central's endToEndId.
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `E99999999${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`;
}

/**
 * A PIX provider that lives inside the server under /api/pay/sandbox: it keeps its own books (sandbox_charges),
 * serves a payment page, and confirms payments the way a real PSP does — a signed webhook in the shape of the
 * Banco Central "API Pix" (`pix[]` with endToEndId, txid, valor, horario).
 */
export function sandboxProvider(options: {
  db: Db;
  secret: string;
  deliver: () => WebhookDelivery;
}): PaymentProvider & { pay(txid: string): Promise<'paid' | 'already_paid' | 'expired' | 'unknown'> } {
  const { db, secret } = options;
  // The charge's location lives at the PSP, as with a real one; the sandbox names its own host.
  const locationHost = 'qr.sandbox.aposta.dev';
  return {
    name: 'sandbox',

    async createCharge(request): Promise<CreatedCharge> {
      // A dynamic BR Code: it points at the charge's location, which holds amount and txid (as a real cob does).
      const brCode = buildPixBrCode({
        url: `${locationHost}/pix/v2/${request.txid}`,
        merchantName: 'APOSTA SANDBOX',
        merchantCity: 'SAO PAULO',
      });
      await db
        .insertInto('sandbox_charges')
        .values({
          txid: request.txid,
          amount_cents: request.amountCents,
          br_code: brCode,
          end_to_end_id: null,
          expires_at: sql<Date>`now() + make_interval(secs => ${request.expiresInSeconds})`,
          paid_at: null,
        })
        .execute();
      return { payNo: request.txid, url: `/api/pay/sandbox/${request.txid}`, brCode };
    },

    verifyWebhook(rawBody, headers) {
      return verifyWebhookSignature(secret, rawBody, headers[TIMESTAMP_HEADER], headers[SIGNATURE_HEADER]);
    },

    parseWebhook(rawBody): ConfirmedPix[] {
      const body = JSON.parse(rawBody) as { pix?: unknown };
      if (!Array.isArray(body.pix) || body.pix.length > 100) throw new Error('webhook without a pix[] list');
      return body.pix.map((item: Record<string, unknown>) => {
        if (
          typeof item.endToEndId !== 'string' ||
          typeof item.txid !== 'string' ||
          typeof item.valor !== 'string'
        ) {
          throw new Error('webhook pix item without endToEndId, txid or valor');
        }
        const paidAt = new Date(String(item.horario));
        if (Number.isNaN(paidAt.getTime())) throw new Error('webhook pix item with a bad horario');
        return {
          endToEndId: item.endToEndId.slice(0, 64),
          txid: item.txid.slice(0, 64),
          amountCents: parseAmountToCents(item.valor),
          paidAt,
        };
      });
    },

    async payout(request): Promise<PayoutOutcome> {
      if (request.amountCents % 100n === SANDBOX_FAILING_CENTS) {
        return { status: 'failed', reason: 'sandbox: payouts ending in ,13 are refused' };
      }
      return { status: 'paid', reference: endToEndId(new Date()) };
    },

    async cancelCharge(txid) {
      const removed = await db
        .updateTable('sandbox_charges')
        .set({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })
        .where('txid', '=', txid)
        .where('status', '=', 'ATIVA')
        .returning('txid')
        .executeTakeFirst();
      if (removed) return 'cancelled';
      const existing = await db
        .selectFrom('sandbox_charges')
        .select('status')
        .where('txid', '=', txid)
        .executeTakeFirst();
      if (!existing) throw new Error(`sandbox: no charge ${txid} to cancel`);
      return existing.status === 'CONCLUIDA' ? 'already_paid' : 'cancelled';
    },

    /** The "simulate payment" button: the payer's bank settles the charge and the PSP notifies us. */
    async pay(txid) {
      const now = new Date();
      const e2e = endToEndId(now);
      const charge = await db
        .updateTable('sandbox_charges')
        .set({ status: 'CONCLUIDA', paid_at: now, end_to_end_id: e2e })
        .where('txid', '=', txid)
        .where('status', '=', 'ATIVA')
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['amount_cents'])
        .executeTakeFirst();
      if (!charge) {
        const existing = await db
          .selectFrom('sandbox_charges')
          .select(['status', 'expires_at'])
          .where('txid', '=', txid)
          .executeTakeFirst();
        if (!existing) return 'unknown';
        return existing.status === 'CONCLUIDA' ? 'already_paid' : 'expired';
      }
      const rawBody = JSON.stringify({
        pix: [
          {
            endToEndId: e2e,
            txid,
            valor: centsToDecimalString(charge.amount_cents),
            horario: now.toISOString(),
          },
        ],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      await options.deliver()(rawBody, {
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(secret, timestamp, rawBody),
      });
      return 'paid';
    },
  };
}

export type SandboxProvider = ReturnType<typeof sandboxProvider>;
