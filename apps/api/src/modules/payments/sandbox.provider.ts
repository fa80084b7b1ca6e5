import { randomBytes } from 'node:crypto';
import { buildPixBrCode } from '@aposta/brazil';
import { centsToDecimalString } from '@aposta/money';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import {
  SIGNATURE_HEADER,
  signWebhook,
  TIMESTAMP_HEADER,
  verifyWebhookSignature,
} from '../../lib/webhook-signature.ts';
import { parsePixWebhook } from './pix-webhook.ts';
import type {
  ChargeRequest,
  CreatedCharge,
  PaymentProvider,
  PayoutOutcome,
  PayoutRail,
  PayoutRequest,
} from './provider.ts';

export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<boolean>;

/** Payouts of an amount ending in ,13 fail: the sandbox's documented way to exercise the return path. */
export const SANDBOX_FAILING_CENTS = 13n;

function endToEndId(now: Date): string {
  // E + ISPB (8) + yyyyMMddHHmm + 11 random: the 32-character shape of the Banco Central's endToEndId.
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `E99999999${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`;
}

// The charge's location lives at the PSP, as with a real one; the sandbox names its own host.
const locationHost = 'qr.sandbox.aposta.dev';

async function createSandboxCharge(db: Db, request: ChargeRequest): Promise<CreatedCharge> {
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
}

async function cancelSandboxCharge(db: Db, txid: string): Promise<'cancelled' | 'already_paid'> {
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
}

async function deliverSigned(options: { secret: string; deliver: () => WebhookDelivery }, rawBody: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  await options.deliver()(rawBody, {
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signWebhook(options.secret, timestamp, rawBody),
  });
}

async function paySandboxCharge(
  db: Db,
  txid: string,
  notify: (rawBody: string) => Promise<void>,
): Promise<'paid' | 'already_paid' | 'expired' | 'unknown'> {
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
  await notify(rawBody);
  return 'paid';
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
}): PaymentProvider & {
  pay(txid: string): Promise<'paid' | 'already_paid' | 'expired' | 'unknown'>;
  payout(request: PayoutRequest): Promise<PayoutOutcome>;
  /** Registers a key in the sandbox's DICT as held by the person with this CPF (tests and demos). */
  registerKey(key: string, ownerCpf: string): void;
} {
  const { db, secret } = options;
  // Keys registered by their holders, beside the CPF keys that name their owner themselves.
  const dict = new Map<string, string>();
  return {
    name: 'sandbox',

    createCharge: (request) => createSandboxCharge(db, request),

    verifyWebhook(rawBody, headers) {
      return verifyWebhookSignature(secret, rawBody, headers[TIMESTAMP_HEADER], headers[SIGNATURE_HEADER]);
    },

    parseWebhook: parsePixWebhook,

    async payout(request): Promise<PayoutOutcome> {
      if (request.amountCents % 100n === SANDBOX_FAILING_CENTS) {
        return { status: 'failed', reason: 'sandbox: payouts ending in ,13 are refused' };
      }
      return { status: 'paid', reference: endToEndId(new Date()) };
    },

    // The sandbox's DICT: a CPF key is its owner's CPF; any other key resolves only when registered (registerKey).
    async resolveKey(keyType, key) {
      return { ownerCpf: keyType === 'CPF' ? key : (dict.get(key) ?? null) };
    },

    registerKey(key, ownerCpf) {
      dict.set(key, ownerCpf);
    },

    cancelCharge: (txid) => cancelSandboxCharge(db, txid),

    /** The "simulate payment" button: the payer's bank settles the charge and the PSP notifies us. */
    pay: (txid) => paySandboxCharge(db, txid, (rawBody) => deliverSigned(options, rawBody)),
  };
}

export type SandboxProvider = ReturnType<typeof sandboxProvider>;

/**
 * The sandbox's payouts as a rail: they settle at once (paid, or refused for amounts ending in ,13). The sandbox
 * keeps no books of payouts, so it cannot be asked about one: a payout job interrupted mid-way sends again.
 */
export function sandboxPayoutRail(sandbox: SandboxProvider): PayoutRail {
  return {
    name: 'sandbox',
    send: (_idEnvio, request) => sandbox.payout(request),
    status: async () => ({ status: 'unknown' }),
  };
}
