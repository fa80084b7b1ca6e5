import { parseAmountToCents } from '@aposta/money';
import type { NotifiedPix, WebhookNotices } from './provider.ts';

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : undefined);

/**
 * An API Pix webhook body `{ pix: [...] }` (openapi 2.9.0, callback `listaPix`), read item by item:
 * - a received Pix (`endToEndId`, `valor`, `horario`; `txid` when it paid a charge) is a payment to confirm;
 * - an item with `devolucoes` is the standard's notice that a devolução of that Pix reached a final status: not a
 *   payment, its refunds are asked about again;
 * - an item that is one of Efí's sent-Pix notices (`gnExtras.idEnvio`, or `tipo` SOLICITACAO, on the same
 *   webhook; a refused send carries `"horario": null`) is a payout to ask about.
 * Any number of items is read (the standard sets no maximum). Throws only when the body is not such a list; a
 * body with an `evento` and no list (Efí's test notification when the webhook is registered) has no items.
 */
export function parsePixNotices(rawBody: string): WebhookNotices {
  const body = JSON.parse(rawBody) as { pix?: unknown; evento?: unknown } | null;
  const notices: WebhookNotices = { payments: [], refunds: [], payouts: [] };
  if (body && typeof body === 'object' && body.pix === undefined && typeof body.evento === 'string') {
    return notices;
  }
  if (!body || !Array.isArray(body.pix)) throw new Error('webhook without a pix[] list');
  for (const raw of body.pix as unknown[]) {
    if (!raw || typeof raw !== 'object') throw new Error('webhook pix item that is not an object');
    const item = raw as Record<string, unknown>;
    const extras = (item.gnExtras ?? {}) as Record<string, unknown>;
    const idEnvio = text(extras.idEnvio, 35) ?? text(item.idEnvio, 35);
    if (idEnvio || item.tipo === 'SOLICITACAO') {
      if (idEnvio) notices.payouts.push(idEnvio);
      continue;
    }
    if (typeof item.endToEndId !== 'string') throw new Error('webhook pix item without endToEndId');
    if (Array.isArray(item.devolucoes) && item.devolucoes.length > 0) {
      notices.refunds.push(item.endToEndId.slice(0, 64));
      continue;
    }
    if (
      (item.txid !== undefined && item.txid !== null && typeof item.txid !== 'string') ||
      typeof item.valor !== 'string'
    ) {
      throw new Error('webhook pix item without valor');
    }
    const paidAt = new Date(String(item.horario));
    if (Number.isNaN(paidAt.getTime())) throw new Error('webhook pix item with a bad horario');
    notices.payments.push({
      endToEndId: item.endToEndId.slice(0, 64),
      txid: typeof item.txid === 'string' && item.txid !== '' ? item.txid.slice(0, 64) : null,
      amountCents: parseAmountToCents(item.valor),
      paidAt,
    });
  }
  return notices;
}

/** The received Pix of an API Pix webhook body (the rest of {@link parsePixNotices} left out). */
export function parsePixWebhook(rawBody: string): NotifiedPix[] {
  return parsePixNotices(rawBody).payments;
}
