import {
  createPrivateKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
  randomBytes,
  randomUUID,
  sign,
} from 'node:crypto';
import { buildPixBrCode } from '@aposta/brazil';
import { centsToDecimalString } from '@aposta/money';
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from '../payments/webhook-signature.ts';
import { CheckoutBook, type EmulatedCheckout } from './checkout.ts';
import { EmulatorProblem } from './problem.ts';

export { EmulatorProblem };

/**
 * A PSP in a box (issue 16): the Banco Central's API Pix (OAuth2 token, cob, received Pix, devolução, webhook
 * registration, the BR Code's location answering a JWS) plus Efí-style payouts, with in-memory books. The server
 * serves it outside production and the tests run it over HTTPS with mTLS, so the same client code talks to it as
 * to a real PSP. The methods below that are not API calls are what a payer's bank or a test does from outside.
 */

export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
export type PayoutStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';

export interface EmulatedCob {
  txid: string;
  revisao: number;
  criacao: Date;
  expiracao: number;
  status: CobStatus;
  valorCents: bigint;
  chave: string;
  devedor?: { cpf?: string; cnpj?: string; nome?: string };
  solicitacaoPagador?: string;
  locId: string;
}

export interface EmulatedRefund {
  id: string;
  rtrId: string;
  valorCents: bigint;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  solicitacao: Date;
}

export interface EmulatedPix {
  endToEndId: string;
  txid?: string;
  valorCents: bigint;
  horario: Date;
  devolucoes: Map<string, EmulatedRefund>;
}

export interface EmulatedPayout {
  idEnvio: string;
  e2eId: string;
  valorCents: bigint;
  favorecido: string;
  status: PayoutStatus;
  solicitacao: Date;
}

export interface EmulatorOptions {
  clientId: string;
  clientSecret: string;
  receiverKey: string;
  webhookSecret: string;
  /**
   * Host of the charges' locations in the BR Code, without scheme. A BR Code location is a public host name (with a
   * dot, no port), so the emulator names a nominal one; it serves the location at `/qr/v2/{id}` under its own base.
   */
  locationBase?: string;
  tokenTtlSeconds?: number;
  /** Where the payer's browser reaches the emulator (the card checkout's hosted pages). */
  checkoutBase?: string;
  /** Delivers a webhook body; answers the HTTP status. */
  deliver?: (url: string, rawBody: string, headers: Record<string, string>) => Promise<number>;
  now?: () => number;
}

const ISPB = '99999999';
export const EMULATOR_LOCATION_HOST = 'pix.emulador.aposta.dev';
function endToEndId(prefix: 'E' | 'D', at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `${prefix}${ISPB}${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export class PspEmulator {
  readonly cobs = new Map<string, EmulatedCob>();
  readonly pix = new Map<string, EmulatedPix>();
  readonly payouts = new Map<string, EmulatedPayout>();
  /** How many payout requests each idEnvio received (a second one is refused, as Efí does). */
  readonly payoutRequests = new Map<string, number>();
  readonly webhooks = new Map<string, string>();
  readonly tokens = new Map<string, number>();
  tokensIssued = 0;
  /** Test switches: the next payout sends are answered late (after being made), or left processing. */
  hangNextPayouts = 0;
  hangMs = 2_000;
  holdPayouts = false;
  /** Test switches: the next sends are refused with these statuses (nothing made), in order. */
  refuseNextPayouts: number[] = [];
  /** Test switch: the next status queries answer 404 even for a payout made (a lagging index at the PSP). */
  forgetNextPayoutQueries = 0;
  readonly cards = new CheckoutBook(() => this.now());
  readonly #signingKey: KeyObject;
  readonly publicJwk: JsonWebKey;
  readonly keyId: string;

  readonly options: EmulatorOptions;

  constructor(options: EmulatorOptions) {
    this.options = options;
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.#signingKey = createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const kid = randomBytes(8).toString('hex');
    this.keyId = kid;
    this.publicJwk = {
      ...publicKey.export({ format: 'jwk' }),
      kid,
      use: 'sig',
      alg: 'RS256',
    };
  }

  now(): Date {
    return new Date(this.options.now?.() ?? Date.now());
  }

  // ---- OAuth2 -------------------------------------------------------------------------------------------------

  issueToken(authorization: string | undefined, grantType: unknown) {
    const expected = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')}`;
    if (authorization !== expected) throw new EmulatorProblem(401, 'Não autorizado', 'invalid_client');
    if (grantType !== 'client_credentials')
      throw new EmulatorProblem(400, 'Requisição inválida', 'unsupported_grant_type');
    const ttl = this.options.tokenTtlSeconds ?? 3600;
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, this.now().getTime() + ttl * 1000);
    this.tokensIssued += 1;
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: ttl,
      scope: 'cob.write cob.read pix.read pix.write webhook.write webhook.read gn.pix.send.read',
    };
  }

  checkToken(authorization: string | undefined): void {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    const expiresAt = token ? this.tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= this.now().getTime()) {
      throw new EmulatorProblem(401, 'Não autorizado', 'token inválido ou expirado');
    }
  }

  // ---- cob ----------------------------------------------------------------------------------------------------

  createCob(txid: string, body: Record<string, unknown>): EmulatedCob {
    if (!/^[a-zA-Z0-9]{26,35}$/.test(txid))
      throw new EmulatorProblem(400, 'Cobrança inválida', 'txid inválido');
    if (this.cobs.has(txid)) throw new EmulatorProblem(400, 'Cobrança inválida', 'txid já utilizado');
    const calendario = (body.calendario ?? {}) as { expiracao?: unknown };
    const valor = (body.valor ?? {}) as { original?: unknown };
    if (
      typeof valor.original !== 'string' ||
      !/^\d{1,10}\.\d{2}$/.test(valor.original) ||
      /^0+\.00$/.test(valor.original)
    ) {
      throw new EmulatorProblem(400, 'Cobrança inválida', 'valor.original inválido');
    }
    if (body.chave !== this.options.receiverKey)
      throw new EmulatorProblem(400, 'Cobrança inválida', 'chave desconhecida');
    const expiracao = calendario.expiracao === undefined ? 86_400 : Number(calendario.expiracao);
    if (!Number.isInteger(expiracao) || expiracao < 1)
      throw new EmulatorProblem(400, 'Cobrança inválida', 'calendario.expiracao inválido');
    const [reais, centavos] = valor.original.split('.');
    const cob: EmulatedCob = {
      txid,
      revisao: 0,
      criacao: this.now(),
      expiracao,
      status: 'ATIVA',
      valorCents: BigInt(reais!) * 100n + BigInt(centavos!),
      chave: this.options.receiverKey,
      devedor: body.devedor as EmulatedCob['devedor'],
      solicitacaoPagador: typeof body.solicitacaoPagador === 'string' ? body.solicitacaoPagador : undefined,
      locId: randomUUID().replace(/-/g, ''),
    };
    this.cobs.set(txid, cob);
    return cob;
  }

  getCob(txid: string): EmulatedCob {
    const cob = this.cobs.get(txid);
    if (!cob) throw new EmulatorProblem(404, 'Cobrança não encontrada', `cob ${txid}`);
    if (cob.status === 'ATIVA' && this.#expired(cob)) cob.status = 'REMOVIDA_PELO_PSP';
    return cob;
  }

  patchCob(txid: string, body: Record<string, unknown>): EmulatedCob {
    const cob = this.getCob(txid);
    if (cob.status !== 'ATIVA')
      throw new EmulatorProblem(400, 'Cobrança inválida', `cob em status ${cob.status}`);
    if (body.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR') cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    cob.revisao += 1;
    return cob;
  }

  #expired(cob: EmulatedCob) {
    return cob.criacao.getTime() + cob.expiracao * 1000 <= this.now().getTime();
  }

  location(cob: EmulatedCob): string {
    return `${this.options.locationBase ?? EMULATOR_LOCATION_HOST}/qr/v2/${cob.locId}`;
  }

  cobJson(cob: EmulatedCob) {
    return {
      calendario: { criacao: cob.criacao.toISOString(), expiracao: cob.expiracao },
      txid: cob.txid,
      revisao: cob.revisao,
      loc: { id: Number.parseInt(cob.locId.slice(0, 8), 16), location: this.location(cob), tipoCob: 'cob' },
      location: this.location(cob),
      status: cob.status,
      ...(cob.devedor ? { devedor: cob.devedor } : {}),
      valor: { original: centsToDecimalString(cob.valorCents) },
      chave: cob.chave,
      ...(cob.solicitacaoPagador ? { solicitacaoPagador: cob.solicitacaoPagador } : {}),
      pixCopiaECola: buildPixBrCode({
        url: this.location(cob),
        merchantName: 'APOSTA PSP EMULADOR',
        merchantCity: 'SAO PAULO',
      }),
    };
  }

  /**
   * What a bank app fetches at the BR Code's location: the charge as a JWS (RS256) signed by the PSP's key, which
   * is published at `jku` (the Banco Central's rules for dynamic BR Codes).
   */
  locationJws(locId: string): string {
    const cob = [...this.cobs.values()].find((candidate) => candidate.locId === locId);
    if (!cob) throw new EmulatorProblem(404, 'Location não encontrada', locId);
    const live = this.getCob(cob.txid);
    const header = {
      alg: 'RS256',
      typ: 'JWT',
      kid: this.keyId,
      jku: `https://${this.options.locationBase ?? EMULATOR_LOCATION_HOST}/jwks`,
    };
    const payload = {
      txid: live.txid,
      revisao: live.revisao,
      calendario: {
        criacao: live.criacao.toISOString(),
        apresentacao: this.now().toISOString(),
        expiracao: live.expiracao,
      },
      status: live.status,
      valor: { original: centsToDecimalString(live.valorCents) },
      chave: live.chave,
      ...(live.devedor ? { devedor: live.devedor } : {}),
      ...(live.solicitacaoPagador ? { solicitacaoPagador: live.solicitacaoPagador } : {}),
    };
    const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
    const signature = sign('sha256', Buffer.from(signingInput), this.#signingKey);
    return `${signingInput}.${base64url(signature)}`;
  }

  // ---- received Pix, devolução ----------------------------------------------------------------------------------

  pixJson(item: EmulatedPix) {
    return {
      endToEndId: item.endToEndId,
      ...(item.txid ? { txid: item.txid } : {}),
      valor: centsToDecimalString(item.valorCents),
      chave: this.options.receiverKey,
      horario: item.horario.toISOString(),
      ...(item.devolucoes.size > 0
        ? { devolucoes: [...item.devolucoes.values()].map((r) => this.refundJson(r)) }
        : {}),
    };
  }

  getPix(e2eid: string): EmulatedPix {
    const item = this.pix.get(e2eid);
    if (!item) throw new EmulatorProblem(404, 'Pix não encontrado', e2eid);
    return item;
  }

  listPix(inicio: Date, fim: Date, page: number, perPage: number) {
    const matching = [...this.pix.values()]
      .filter((item) => item.horario >= inicio && item.horario <= fim)
      .sort((a, b) => a.horario.getTime() - b.horario.getTime());
    const pages = Math.max(1, Math.ceil(matching.length / perPage));
    return {
      parametros: {
        inicio: inicio.toISOString(),
        fim: fim.toISOString(),
        paginacao: {
          paginaAtual: page,
          itensPorPagina: perPage,
          quantidadeDePaginas: pages,
          quantidadeTotalDeItens: matching.length,
        },
      },
      pix: matching.slice(page * perPage, (page + 1) * perPage).map((item) => this.pixJson(item)),
    };
  }

  refundJson(refund: EmulatedRefund) {
    return {
      id: refund.id,
      rtrId: refund.rtrId,
      valor: centsToDecimalString(refund.valorCents),
      horario: { solicitacao: refund.solicitacao.toISOString() },
      status: refund.status,
    };
  }

  /** `PUT /pix/{e2eid}/devolucao/{id}`: the same id again answers the same refund; never more than was received. */
  refund(e2eid: string, id: string, body: Record<string, unknown>): EmulatedRefund {
    const item = this.getPix(e2eid);
    if (!/^[a-zA-Z0-9]{1,35}$/.test(id)) throw new EmulatorProblem(400, 'Devolução inválida', 'id inválido');
    const existing = item.devolucoes.get(id);
    if (existing) return existing;
    if (typeof body.valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(body.valor)) {
      throw new EmulatorProblem(400, 'Devolução inválida', 'valor inválido');
    }
    const [reais, centavos] = body.valor.split('.');
    const valorCents = BigInt(reais!) * 100n + BigInt(centavos!);
    const refunded = [...item.devolucoes.values()]
      .filter((r) => r.status !== 'NAO_REALIZADO')
      .reduce((sum, r) => sum + r.valorCents, 0n);
    if (valorCents <= 0n || refunded + valorCents > item.valorCents) {
      throw new EmulatorProblem(400, 'Devolução inválida', 'valor acima do recebido');
    }
    const refund: EmulatedRefund = {
      id,
      rtrId: endToEndId('D', this.now()),
      valorCents,
      status: 'EM_PROCESSAMENTO',
      solicitacao: this.now(),
    };
    item.devolucoes.set(id, refund);
    // The payer's bank settles at once: a later query answers DEVOLVIDO.
    queueMicrotask(() => {
      refund.status = 'DEVOLVIDO';
    });
    return refund;
  }

  getRefund(e2eid: string, id: string): EmulatedRefund {
    const refund = this.getPix(e2eid).devolucoes.get(id);
    if (!refund) throw new EmulatorProblem(404, 'Devolução não encontrada', id);
    return refund;
  }

  // ---- webhooks -----------------------------------------------------------------------------------------------

  registerWebhook(chave: string, body: Record<string, unknown>) {
    if (chave !== this.options.receiverKey)
      throw new EmulatorProblem(400, 'Webhook inválido', 'chave desconhecida');
    if (typeof body.webhookUrl !== 'string' || !/^https?:\/\//.test(body.webhookUrl)) {
      throw new EmulatorProblem(400, 'Webhook inválido', 'webhookUrl inválida');
    }
    this.webhooks.set(chave, body.webhookUrl);
  }

  /** Sends `{ pix: [...] }` to the registered URL + `/pix`, signed with the shared secret; answers the status. */
  async notify(items: EmulatedPix[]): Promise<number | undefined> {
    const url = this.webhooks.get(this.options.receiverKey);
    if (!url || !this.options.deliver) return undefined;
    const rawBody = JSON.stringify({
      pix: items.map((item) => {
        const { chave: _chave, ...rest } = this.pixJson(item);
        return rest;
      }),
    });
    const timestamp = Math.floor(this.now().getTime() / 1000);
    return this.options.deliver(`${url}/pix`, rawBody, {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signWebhook(this.options.webhookSecret, timestamp, rawBody),
    });
  }

  checkoutJson(checkout: EmulatedCheckout) {
    return this.cards.json(checkout, this.options.checkoutBase ?? '');
  }

  /** Tells the merchant a checkout changed (paid or failed), signed like the Pix webhooks. */
  async notifyCheckout(checkout: EmulatedCheckout): Promise<number | undefined> {
    if (!this.options.deliver) return undefined;
    const rawBody = JSON.stringify({ type: 'checkout.updated', checkout: this.checkoutJson(checkout) });
    const timestamp = Math.floor(this.now().getTime() / 1000);
    return this.options.deliver(checkout.notificationUrl, rawBody, {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signWebhook(this.options.webhookSecret, timestamp, rawBody),
    });
  }

  // ---- the payer's side (tests, the development page) ----------------------------------------------------------

  /**
   * A payer's bank pays the charge (by default its exact amount), the PSP records the received Pix and notifies.
   * Paying an expired or removed charge is refused, as a bank would; `amountCents` lets a test plant a mismatch.
   */
  async payCob(txid: string, options: { amountCents?: bigint; notify?: boolean } = {}) {
    const cob = this.getCob(txid);
    if (cob.status !== 'ATIVA' && cob.status !== 'CONCLUIDA') {
      throw new EmulatorProblem(400, 'Cobrança não pagável', `cob em status ${cob.status}`);
    }
    const item = this.receive({ txid, amountCents: options.amountCents ?? cob.valorCents });
    cob.status = 'CONCLUIDA';
    const delivered = options.notify === false ? undefined : await this.notify([item]);
    return { pix: item, delivered };
  }

  /** A Pix that arrives at our key (with or without a txid) without a payer paying through a charge page. */
  receive(input: { txid?: string; amountCents: bigint; at?: Date }): EmulatedPix {
    const horario = input.at ?? this.now();
    const item: EmulatedPix = {
      endToEndId: endToEndId('E', horario),
      txid: input.txid,
      valorCents: input.amountCents,
      horario,
      devolucoes: new Map(),
    };
    this.pix.set(item.endToEndId, item);
    return item;
  }

  // ---- payouts (Efí's send-Pix) --------------------------------------------------------------------------------

  sendPayout(idEnvio: string, body: Record<string, unknown>): EmulatedPayout {
    if (!/^[a-zA-Z0-9]{1,35}$/.test(idEnvio))
      throw new EmulatorProblem(400, 'Envio inválido', 'idEnvio inválido');
    this.payoutRequests.set(idEnvio, (this.payoutRequests.get(idEnvio) ?? 0) + 1);
    const refusal = this.refuseNextPayouts.shift();
    if (refusal !== undefined) throw new EmulatorProblem(refusal, 'Envio inválido', 'recusado (teste)');
    if (this.payouts.has(idEnvio)) throw new EmulatorProblem(409, 'Envio duplicado', 'idEnvio já utilizado');
    const pagador = (body.pagador ?? {}) as { chave?: unknown };
    const favorecido = (body.favorecido ?? {}) as { chave?: unknown };
    if (pagador.chave !== this.options.receiverKey)
      throw new EmulatorProblem(400, 'Envio inválido', 'pagador.chave desconhecida');
    if (typeof favorecido.chave !== 'string' || favorecido.chave.length < 1) {
      throw new EmulatorProblem(400, 'Envio inválido', 'favorecido.chave ausente');
    }
    if (typeof body.valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(body.valor)) {
      throw new EmulatorProblem(400, 'Envio inválido', 'valor inválido');
    }
    const [reais, centavos] = body.valor.split('.');
    const payout: EmulatedPayout = {
      idEnvio,
      e2eId: endToEndId('E', this.now()),
      valorCents: BigInt(reais!) * 100n + BigInt(centavos!),
      favorecido: favorecido.chave,
      status: 'EM_PROCESSAMENTO',
      solicitacao: this.now(),
    };
    this.payouts.set(idEnvio, payout);
    // Settled right after the answer unless a test holds it; amounts ending in ,13 are refused by the receiving
    // bank (the sandbox's documented failing amount).
    if (!this.holdPayouts) {
      queueMicrotask(() =>
        this.settlePayout(idEnvio, payout.valorCents % 100n === 13n ? 'NAO_REALIZADO' : 'REALIZADO'),
      );
    }
    return payout;
  }

  settlePayout(idEnvio: string, status: 'REALIZADO' | 'NAO_REALIZADO'): void {
    const payout = this.payouts.get(idEnvio);
    if (payout?.status === 'EM_PROCESSAMENTO') payout.status = status;
  }

  getPayout(idEnvio: string): EmulatedPayout {
    if (this.forgetNextPayoutQueries > 0) {
      this.forgetNextPayoutQueries -= 1;
      throw new EmulatorProblem(404, 'Envio não encontrado', idEnvio);
    }
    const payout = this.payouts.get(idEnvio);
    if (!payout) throw new EmulatorProblem(404, 'Envio não encontrado', idEnvio);
    return payout;
  }

  payoutJson(payout: EmulatedPayout) {
    return {
      idEnvio: payout.idEnvio,
      e2eId: payout.e2eId,
      valor: centsToDecimalString(payout.valorCents),
      horario: { solicitacao: payout.solicitacao.toISOString() },
      status: payout.status,
      favorecido: { chave: payout.favorecido },
    };
  }
}
