import type { X509Certificate } from 'node:crypto';
import { buildPixBrCode } from '@aposta/brazil';
import { centsToDecimalString, parseAmountToCents } from '@aposta/money';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyWebhookSignature,
} from '../../../lib/webhook-signature.ts';
import { parsePixNotices, parsePixWebhook } from '../pix-webhook.ts';
import type { CreatedCharge, NotifiedPix, PaymentProvider, WebhookNotices } from '../provider.ts';
import { type PixApiClient, PixApiError } from './pix-http.ts';
import { clientCertificateAuthentic } from './webhook-auth.ts';

/** The API Pix `cob` as the PSP answers it (the fields we read). */
export interface Cob {
  txid: string;
  revisao?: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  valor: { original: string };
  location?: string;
  loc?: { location?: string };
  pixCopiaECola?: string;
  /** The Pix that paid it (`CobCompleta.pix`, on `GET /cob/{txid}`). */
  pix?: ReceivedPix[];
}

/** A received Pix (`GET /pix/{e2eid}`, items of `GET /pix`). */
export interface ReceivedPix {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
  devolucoes?: { id: string; valor: string; status: string }[];
  /** The payer, as PSPs add it to the standard's `Pix` (Efí under `gnExtras`); see payerCpfOf. */
  pagador?: { cpf?: string; cnpj?: string; nome?: string };
  gnExtras?: { pagador?: { cpf?: string; nome?: string } };
}

/**
 * The payer's CPF in a PSP's record of a received Pix: `pagador.cpf` (the shape of the standard's `devedor`), or
 * Efí's `gnExtras.pagador.cpf`; only a whole, unmasked CPF of 11 digits counts (a masked one is no proof).
 */
export function payerCpfOf(received: ReceivedPix): string | null {
  for (const cpf of [received.pagador?.cpf, received.gnExtras?.pagador?.cpf]) {
    if (typeof cpf === 'string' && /^\d{11}$/.test(cpf)) return cpf;
  }
  return null;
}

/** The webhook registration's wait: the PSP checks our URL (two HTTPS calls back to us) before it answers. */
export const REGISTRATION_TIMEOUT_MS = 30_000;

export type RefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

/**
 * PAYMENTS_PROVIDER=apipix: the Banco Central's API Pix at a PSP. A charge is `PUT /cob/{txid}`; the payment page is
 * ours and shows the PSP's `pixCopiaECola` (or a BR Code built from the cob's `location` when the PSP leaves it
 * out); a webhook delivery is authenticated as the standard does, by the PSP's client certificate (mTLS, on our
 * socket or passed by the proxy), or by an HMAC for a PSP that adds one, and each of its items is confirmed with
 * `GET /pix/{endToEndId}` before the wallet credits anything.
 */
export function apiPixProvider(options: {
  client: PixApiClient;
  apiPath: string;
  receiverKey: string;
  /** Empty: HMAC not accepted. */
  webhookSecret: string;
  /** The PSP's webhook certificate chain (empty: no client certificate accepted). */
  webhookTrusted?: X509Certificate[];
  /** The proxy's verified client-certificate header, when a proxy terminates TLS. */
  webhookCertHeader?: string;
  webhookUrl: string;
  merchantName?: string;
  merchantCity?: string;
  /** Asks again about refunds and payouts a delivery mentions. */
  onNotices?: (notices: Pick<WebhookNotices, 'refunds' | 'payouts'>) => Promise<void>;
}) {
  const { client, apiPath } = options;
  const trusted = options.webhookTrusted ?? [];
  const api = (path: string) => `${apiPath}${path}`;
  /** The PSP's copia e cola; when it gives none (not required by the standard), the BR Code of its location. */
  function brCodeOf(cob: Cob): string {
    if (cob.pixCopiaECola) return cob.pixCopiaECola;
    const location = cob.location ?? cob.loc?.location;
    if (!location)
      throw new Error(`PSP answered a cob with neither pixCopiaECola nor location (${cob.txid})`);
    return buildPixBrCode({
      url: location.replace(/^https?:\/\//, ''),
      merchantName: options.merchantName ?? 'APOSTA',
      merchantCity: options.merchantCity ?? 'SAO PAULO',
    });
  }
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
      if (cob.txid !== request.txid) throw new Error(`PSP answered a cob for another txid (${cob.txid})`);
      if (parseAmountToCents(cob.valor.original) !== request.amountCents) {
        throw new Error(`PSP answered a cob of another amount (${cob.valor.original})`);
      }
      return { payNo: request.txid, url: `/api/pay/pix/${request.txid}`, brCode: brCodeOf(cob) };
    },

    verifyWebhook(rawBody, headers, peer) {
      if (clientCertificateAuthentic({ trusted, header: options.webhookCertHeader }, headers, peer))
        return true;
      if (!options.webhookSecret) return false;
      return verifyWebhookSignature(
        options.webhookSecret,
        rawBody,
        headers[TIMESTAMP_HEADER],
        headers[SIGNATURE_HEADER],
      );
    },

    parseWebhook: parsePixWebhook,
    parseNotices: parsePixNotices,

    async onNotices(notices) {
      await options.onNotices?.(notices);
    },

    async confirmPix(pix): Promise<NotifiedPix | null> {
      const received = await getReceived(pix.endToEndId);
      return received ? confirmedBy(received, pix) : null;
    },

    getReceived,

    ...cobCalls(client, api),
    ...pspRecordCalls(client, api, options),
  } satisfies PaymentProvider & Record<string, unknown>;
}

/** The PSP's record of a notified Pix, when it agrees on end-to-end id, txid and amount; null otherwise. */
function confirmedBy(received: ReceivedPix, pix: NotifiedPix): NotifiedPix | null {
  if (received.endToEndId !== pix.endToEndId || (received.txid || null) !== pix.txid) return null;
  const amountCents = parseAmountToCents(received.valor);
  if (amountCents !== pix.amountCents) return null;
  const paidAt = new Date(received.horario);
  if (Number.isNaN(paidAt.getTime())) return null;
  return {
    endToEndId: received.endToEndId,
    txid: pix.txid,
    amountCents,
    paidAt,
    payerCpf: payerCpfOf(received),
  };
}

type ApiPath = (path: string) => string;

/** Asking about a cob and withdrawing it. */
function cobCalls(client: PixApiClient, api: ApiPath) {
  return {
    /** `GET /cob/{txid}`: a CONCLUIDA cob names the Pix that paid it; that Pix is then confirmed like a webhook's. */
    async pollCharge(txid: string): Promise<NotifiedPix | null> {
      let cob: Cob;
      try {
        cob = await client.call<Cob>('GET', api(`/cob/${txid}`));
      } catch (error) {
        if (error instanceof PixApiError && error.status === 404) return null;
        throw error;
      }
      if (cob.status !== 'CONCLUIDA' || cob.txid !== txid) return null;
      const paid = (cob.pix ?? []).find((item) => item.txid === txid);
      if (!paid) return null;
      const paidAt = new Date(paid.horario);
      if (Number.isNaN(paidAt.getTime())) return null;
      return {
        endToEndId: paid.endToEndId,
        txid,
        amountCents: parseAmountToCents(paid.valor),
        paidAt,
        payerCpf: payerCpfOf(paid),
      };
    },

    async cancelCharge(txid: string): Promise<'cancelled' | 'already_paid'> {
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
  };
}

/** The PSP's side of our bookkeeping: where it delivers, refunds (devoluções), and the Pix it received. */
function pspRecordCalls(
  client: PixApiClient,
  api: ApiPath,
  options: { receiverKey: string; webhookUrl: string },
) {
  return {
    /**
     * `PUT /webhook/{chave}`: where the PSP delivers (it appends `/pix`). Some PSPs (Efí) POST test notifications to
     * the URL before answering, so this call may take a while.
     */
    async registerWebhook() {
      await client.call(
        'PUT',
        api(`/webhook/${encodeURIComponent(options.receiverKey)}`),
        { webhookUrl: options.webhookUrl },
        { timeoutMs: REGISTRATION_TIMEOUT_MS },
      );
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
          parametros?: { paginacao?: { paginaAtual?: number; quantidadeDePaginas?: number } };
          pix?: ReceivedPix[];
        } | null>('GET', api(`/pix?${query}`));
        // `pix` is not required in PixConsultados (openapi 2.9.0): an empty page may leave it out.
        all.push(...(Array.isArray(answer?.pix) ? answer.pix : []));
        const pages = answer?.parametros?.paginacao?.quantidadeDePaginas ?? 1;
        if (page + 1 >= pages || page >= 1000) return all;
      }
    },
  };
}

export type ApiPixProvider = ReturnType<typeof apiPixProvider>;
