import { parseAmountToCents } from '@aposta/money';
import type { NotifiedPix } from './provider.ts';

/**
 * The API Pix webhook body `{ pix: [{ endToEndId, txid?, valor, horario }] }`, read strictly; throws when malformed.
 * `txid` is optional in API Pix (a Pix sent straight to our key has none): such an item is kept with a null txid so
 * it is recorded for a refund instead of blocking the rest of the batch.
 */
export function parsePixWebhook(rawBody: string): NotifiedPix[] {
  const body = JSON.parse(rawBody) as { pix?: unknown } | null;
  if (!body || !Array.isArray(body.pix) || body.pix.length > 100)
    throw new Error('webhook without a pix[] list');
  return body.pix.map((item: Record<string, unknown>) => {
    if (
      !item ||
      typeof item.endToEndId !== 'string' ||
      (item.txid !== undefined && item.txid !== null && typeof item.txid !== 'string') ||
      typeof item.valor !== 'string'
    ) {
      throw new Error('webhook pix item without endToEndId or valor');
    }
    const paidAt = new Date(String(item.horario));
    if (Number.isNaN(paidAt.getTime())) throw new Error('webhook pix item with a bad horario');
    return {
      endToEndId: item.endToEndId.slice(0, 64),
      txid: typeof item.txid === 'string' && item.txid !== '' ? item.txid.slice(0, 64) : null,
      amountCents: parseAmountToCents(item.valor),
      paidAt,
    };
  });
}
