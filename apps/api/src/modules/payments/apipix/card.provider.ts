import { parseAmountToCents } from '@aposta/money';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyWebhookSignature,
} from '../../../lib/webhook-signature.ts';
import type { ConfirmedPix, CreatedCharge, NotifiedPix, PaymentProvider } from '../provider.ts';
import { type PixApiClient, PixApiError } from './pix-http.ts';

/** The PSP's checkout as its API answers it (the fields we read). */
interface Checkout {
  id: string;
  reference: string;
  amount: number;
  status: 'open' | 'awaiting_3ds' | 'paid' | 'failed' | 'cancelled';
  url: string;
  paymentId?: string;
  paidAt?: string;
  /** The card that paid: `funding` 'debit' or 'credit' (absent: the PSP did not say). */
  card?: { last4?: string; funding?: string };
}

/** The checkout's amount in centavos, or null when the PSP answered something that is not a whole number. */
function centsOf(checkout: Checkout): bigint | null {
  return Number.isSafeInteger(checkout.amount) && checkout.amount > 0 ? BigInt(checkout.amount) : null;
}

/**
 * Debit only (decision 0066): a checkout the PSP says was paid by another kind of card, or does not say, credits
 * nothing (a credit card would lend the player the money to bet).
 */
function paidByDebit(checkout: Checkout, log?: { warn(details: object, message: string): void }): boolean {
  if (checkout.card?.funding === 'debit') return true;
  log?.warn(
    { checkout: checkout.id, funding: checkout.card?.funding ?? null },
    'card deposit refused: paid with a card that is not a debit card (debit cards only)',
  );
  return false;
}

/**
 * Card deposits through the PSP's hosted checkout (payment page and 3-D Secure at the PSP, never card data here),
 * behind the same provider interface as PIX: the order's txid is the checkout's `reference`, the checkout's `url`
 * is the page the player opens, a signed notification says it changed and `GET /v1/checkouts/{id}` confirms it
 * before anything is credited. The checkout id stands where a Pix has its endToEndId.
 */
export function cardProvider(options: {
  client: PixApiClient;
  webhookSecret: string;
  notificationUrl: string;
  log?: { warn(details: object, message: string): void };
}) {
  const { client } = options;
  return {
    name: 'card',

    async createCharge(request): Promise<CreatedCharge> {
      const checkout = await client.call<Checkout>('POST', '/v1/checkouts', {
        reference: request.txid,
        amount: Number(request.amountCents),
        currency: 'BRL',
        description: request.description,
        notificationUrl: options.notificationUrl,
        // Debit cards only (decision 0066): a credit card would lend the player the money to bet.
        allowedFunding: ['debit'],
      });
      if (checkout.reference !== request.txid || centsOf(checkout) !== request.amountCents) {
        throw new Error('PSP answered a checkout for another reference or amount');
      }
      return { payNo: request.txid, url: checkout.url, brCode: '' };
    },

    verifyWebhook(rawBody, headers) {
      return verifyWebhookSignature(
        options.webhookSecret,
        rawBody,
        headers[TIMESTAMP_HEADER],
        headers[SIGNATURE_HEADER],
      );
    },

    /** Only a paid checkout is a payment; a failed one (declined, 3-D Secure refused) credits nothing. */
    parseWebhook(rawBody): ConfirmedPix[] {
      const body = JSON.parse(rawBody) as { checkout?: Record<string, unknown> };
      const checkout = body.checkout;
      if (!checkout || typeof checkout.id !== 'string' || typeof checkout.reference !== 'string') {
        throw new Error('card notification without checkout id or reference');
      }
      if (checkout.status !== 'paid') return [];
      const paidAt = new Date(String(checkout.paidAt));
      if (typeof checkout.amount !== 'number' || Number.isNaN(paidAt.getTime())) {
        throw new Error('card notification without amount or paidAt');
      }
      return [
        {
          endToEndId: checkout.id.slice(0, 64),
          txid: checkout.reference.slice(0, 64),
          amountCents: parseAmountToCents((checkout.amount / 100).toFixed(2)),
          paidAt,
        },
      ];
    },

    async confirmPix(notified): Promise<NotifiedPix | null> {
      let checkout: Checkout;
      try {
        checkout = await client.call<Checkout>(
          'GET',
          `/v1/checkouts/${encodeURIComponent(notified.endToEndId)}`,
        );
      } catch (error) {
        if (error instanceof PixApiError && error.status === 404) return null;
        throw error;
      }
      if (checkout.status !== 'paid' || checkout.reference !== notified.txid) return null;
      if (!paidByDebit(checkout, options.log)) return null;
      // A malformed answer (amount not in whole centavos, no readable paidAt) confirms nothing: it is recorded
      // as unconfirmed for the operator, never a 500 nor a NaN date in the books.
      const paidAt = new Date(String(checkout.paidAt));
      if (centsOf(checkout) !== notified.amountCents || Number.isNaN(paidAt.getTime())) return null;
      return { ...notified, paidAt };
    },

    async cancelCharge(txid) {
      const checkout = await client.call<Checkout>(
        'GET',
        `/v1/checkouts?reference=${encodeURIComponent(txid)}`,
      );
      if (checkout.status === 'paid') return 'already_paid';
      const after = await client.call<Checkout>('POST', `/v1/checkouts/${checkout.id}/cancel`, {});
      return after.status === 'paid' ? 'already_paid' : 'cancelled';
    },
  } satisfies PaymentProvider;
}
