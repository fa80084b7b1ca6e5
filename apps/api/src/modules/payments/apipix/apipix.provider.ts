import { centsToDecimalString, parseAmountToCents } from '@aposta/money';
import { parsePixWebhook } from '../pix-webhook.ts';
import type { CreatedCharge, NotifiedPix, PaymentProvider } from '../provider.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhookSignature } from '../webhook-signature.ts';
import { type PixApiClient, PixApiError } from './pix-http.ts';

/** The API Pix `cob` as the PSP answers it (the fields we read). */
export interface Cob {
  txid: string;
  revisao?: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  valor: { original: string };
  location?: string;
  pixCopiaECola?: string;
}

/** A received Pix (`GET /pix/{e2eid}`, items of `GET /pix`). */
export interface ReceivedPix {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
  devolucoes?: { id: string; valor: string; status: string }[];
}

export type RefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

/**
 * PAYMENTS_PROVIDER=apipix: the Banco Central's API Pix at a PSP. A charge is `PUT /cob/{txid}`; the payment page is
 * ours and shows the PSP's `pixCopiaECola`; a webhook delivery must carry the PSP's signature and each of its items
 * is confirmed with `GET /pix/{endToEndId}` before the wallet credits anything.
 */
export function apiPixProvider(options: {
  client: PixApiClient;
  apiPath: string;
  receiverKey: string;
  webhookSecret: string;
  webhookUrl: string;
}) {
  const { client, apiPath } = options;
  const api = (path: string) => `${apiPath}${path}`;
  /** The PSP's record of a received Pix; null when it does not know it. */
  async function getReceived(endToEndId: string): Promise<ReceivedPix | null> {
    try {
      return await client.call<ReceivedPix>('GET', api(`/pix/${encodeURIComponent(endToEndId)}`));
    } catch (error) {
      if (error instanceof PixApiError && error.status === 404) return null;
      throw error;
    }
  }
  return {
    name: 'apipix',

    async createCharge(request): Promise<CreatedCharge> {
      const cob = await client.call<Cob>('PUT', api(`/cob/${request.txid}`), {
        calendario: { expiracao: request.expiresInSeconds },
        ...(request.payer
          ? { devedor: { cpf: request.payer.cpf, nome: request.payer.name.slice(0, 200) } }
          : {}),
        valor: { original: centsToDecimalString(request.amountCents) },
        chave: options.receiverKey,
        solicitacaoPagador: request.description.slice(0, 140),
      });
      if (cob.txid !== request.txid || !cob.pixCopiaECola) {
        throw new Error(`PSP answered a cob without pixCopiaECola or for another txid (${cob.txid})`);
      }
      if (parseAmountToCents(cob.valor.original) !== request.amountCents) {
        throw new Error(`PSP answered a cob of another amount (${cob.valor.original})`);
      }
      return { payNo: request.txid, url: `/api/pay/pix/${request.txid}`, brCode: cob.pixCopiaECola };
    },

    verifyWebhook(rawBody, headers) {
      return verifyWebhookSignature(
        options.webhookSecret,
        rawBody,
        headers[TIMESTAMP_HEADER],
        headers[SIGNATURE_HEADER],
      );
    },

    parseWebhook: parsePixWebhook,

    async confirmPix(pix): Promise<NotifiedPix | null> {
      const received = await getReceived(pix.endToEndId);
      if (!received) return null;
      if (received.endToEndId !== pix.endToEndId || (received.txid || null) !== pix.txid) return null;
      const amountCents = parseAmountToCents(received.valor);
      if (amountCents !== pix.amountCents) return null;
      const paidAt = new Date(received.horario);
      if (Number.isNaN(paidAt.getTime())) return null;
      return { endToEndId: received.endToEndId, txid: pix.txid, amountCents, paidAt };
    },

    getReceived,

    async cancelCharge(txid) {
      try {
        const cob = await client.call<Cob>('PATCH', api(`/cob/${txid}`), {
          status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
        });
        return cob.status === 'CONCLUIDA' ? 'already_paid' : 'cancelled';
      } catch (error) {
        // A paid cob can no longer be revised: the PSP refuses, and the cob tells why.
        if (!(error instanceof PixApiError) || error.status >= 500) throw error;
        const cob = await client.call<Cob>('GET', api(`/cob/${txid}`));
        if (cob.status === 'CONCLUIDA') return 'already_paid';
        if (cob.status === 'ATIVA') throw error;
        return 'cancelled';
      }
    },

    /** `PUT /webhook/{chave}`: where the PSP delivers (it appends `/pix`). */
    async registerWebhook() {
      await client.call('PUT', api(`/webhook/${encodeURIComponent(options.receiverKey)}`), {
        webhookUrl: options.webhookUrl,
      });
    },

    /** `PUT /pix/{e2eid}/devolucao/{id}`: idempotent by our `id` at the PSP. */
    async refund(endToEndId: string, id: string, amountCents: bigint): Promise<RefundStatus> {
      const answer = await client.call<{ status: RefundStatus }>(
        'PUT',
        api(`/pix/${encodeURIComponent(endToEndId)}/devolucao/${id}`),
        { valor: centsToDecimalString(amountCents) },
      );
      return answer.status;
    },

    async refundStatus(endToEndId: string, id: string): Promise<RefundStatus> {
      const answer = await client.call<{ status: RefundStatus }>(
        'GET',
        api(`/pix/${encodeURIComponent(endToEndId)}/devolucao/${id}`),
      );
      return answer.status;
    },

    /** Every Pix received in [inicio, fim], all pages (`GET /pix?inicio=&fim=`). */
    async listReceived(inicio: Date, fim: Date): Promise<ReceivedPix[]> {
      const all: ReceivedPix[] = [];
      for (let page = 0; ; page++) {
        const query = new URLSearchParams({
          inicio: inicio.toISOString(),
          fim: fim.toISOString(),
          'paginacao.paginaAtual': String(page),
          'paginacao.itensPorPagina': '1000',
        });
        const answer = await client.call<{
          parametros: { paginacao: { paginaAtual: number; quantidadeDePaginas: number } };
          pix: ReceivedPix[];
        }>('GET', api(`/pix?${query}`));
        all.push(...answer.pix);
        if (page + 1 >= answer.parametros.paginacao.quantidadeDePaginas || page >= 1000) return all;
      }
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}

export type ApiPixProvider = ReturnType<typeof apiPixProvider>;
