import {
  createHash,
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
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from '../../lib/webhook-signature.ts';
import type { ApiPixSchemaName } from './api-pix.schemas.ts';
import { CheckoutBook, type EmulatedCheckout } from './checkout.ts';
import { EmulatorProblem } from './problem.ts';
import { violationsOf } from './validator.ts';

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

/** Who paid: the payer's bank tells the PSP (a PSP's addition to the standard's `Pix`; docs/providers/api-pix.md). */
export interface EmulatedPayer {
  cpf: string;
  nome: string;
}

export interface EmulatedPix {
  endToEndId: string;
  txid?: string;
  valorCents: bigint;
  horario: Date;
  devolucoes: Map<string, EmulatedRefund>;
  pagador?: EmulatedPayer;
}

/** The payer when a test or a caller names none and the cob names no devedor (a valid test CPF). */
/**
 * Payouts whose centavos are this (R$ 20,13, R$ 35,13…) are refused by the emulated receiving bank: how tests and
 * demonstrations see a withdrawal returned. (Efí's own sandbox refuses by ranges below R$ 20, our minimum.)
 */
export const EMULATOR_REFUSED_CENTS = 13n;

export const DEFAULT_PAYER: EmulatedPayer = { cpf: '11144477735', nome: 'Pagador de Teste' };

export interface EmulatedPayout {
  idEnvio: string;
  endToEndId: string;
  valorCents: bigint;
  favorecido: string;
  status: PayoutStatus;
  solicitacao: Date;
  liquidacao?: Date;
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
  /** How the location is fetched: https (a PSP) or http (the in-process emulator on a development machine). */
  locationScheme?: 'https' | 'http';
  tokenTtlSeconds?: number;
  /** Where the payer's browser reaches the emulator (the card checkout's hosted pages). */
  checkoutBase?: string;
  /**
   * Delivers a webhook body; answers the HTTP status (0 when the connection was refused). The standard's delivery
   * carries the PSP's client certificate (mTLS); `withCertificate: false` is a delivery without one (Efí's first
   * registration check, which the receiver must refuse).
   */
  deliver?: (
    url: string,
    rawBody: string,
    headers: Record<string, string>,
    options: { withCertificate: boolean },
  ) => Promise<number>;
  /**
   * Also sign the Pix deliveries with the HMAC option (the in-process emulator, where there is no TLS to carry a
   * certificate). Off by default: the standard's callback has no signature.
   */
  webhookHmac?: boolean;
  /**
   * 'efi': Efí's behaviour where it adds to the standard: registering a webhook first POSTs without and then with
   * a certificate and fails unless the first is refused and the second accepted; sent-Pix notices go to the same
   * webhook.
   */
  flavor?: 'efi';
  /** How the token request must be sent: RFC 6749's form (default) or JSON. */
  tokenFormat?: 'form' | 'json';
  now?: () => number;
}

/** The scopes each call needs (openapi 2.9.0 `security`; Efí's send-Pix pages for theirs). */
export const SCOPES = {
  cobWrite: 'cob.write',
  cobRead: 'cob.read',
  pixRead: 'pix.read',
  pixWrite: 'pix.write',
  webhookWrite: 'webhook.write',
  webhookRead: 'webhook.read',
  pixSend: 'pix.send',
  pixSendRead: 'gn.pix.send.read',
} as const;
const ALL_SCOPES = Object.values(SCOPES);

/** One request the emulator received and what it answered (tests validate both against the schemas). */
export interface Exchange {
  call: string;
  request?: { schema: ApiPixSchemaName; body: unknown };
  response: { status: number; schema: ApiPixSchemaName; body: unknown };
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
  /**
   * The DICT as this PSP sees it: Pix key → the CPF of its holder. A CPF key is its holder's unless registered to
   * someone else here; any other key is known only when registered (tests, the development payer's bank).
   */
  readonly dict = new Map<string, string>();
  readonly tokens = new Map<string, { expiresAt: number; scopes: Set<string> }>();
  /** Every API exchange, when a test turns recording on. */
  exchanges: Exchange[] | undefined;
  /** Test switch (Efí flavor): the sent-Pix notices on the webhook; off, a payout is known only by asking. */
  notifyPayouts = true;
  /** Test switch: cobs are answered without `pixCopiaECola` (the standard does not require it). */
  omitCopiaECola = false;
  /** What the last webhook registration's checks answered (Efí flavor): without, then with a certificate. */
  lastRegistrationChecks: number[] = [];
  tokensIssued = 0;
  /** Test switches: the next payout sends are answered late (after being made), or left processing. */
  hangNextPayouts = 0;
  hangMs = 2_000;
  /** How many of those late answers have gone out: a test waits for it instead of sleeping. */
  lateAnswers = 0;
  holdPayouts = false;
  /** Test switches: the next sends are refused with these statuses (nothing made), in order. */
  refuseNextPayouts: number[] = [];
  /** Test switch: the next status queries answer 404 even for a payout made (a lagging index at the PSP). */
  forgetNextPayoutQueries = 0;
  readonly cards = new CheckoutBook(() => this.now());
  #key: { signing: KeyObject; publicJwk: JsonWebKey; keyId: string; thumbprint: string } | undefined;

  readonly options: EmulatorOptions;

  constructor(options: EmulatorOptions) {
    this.options = options;
  }

  /**
   * The location's signing key, made on first use: an RSA key takes about 0.1 s to make, and most servers and
   * tests never have a BR Code's location read.
   */
  #signing() {
    if (this.#key) return this.#key;
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyId = randomBytes(8).toString('hex');
    this.#key = {
      signing: createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' })),
      keyId,
      thumbprint: createHash('sha1')
        .update(publicKey.export({ format: 'der', type: 'spki' }))
        .digest('base64url'),
      publicJwk: { ...publicKey.export({ format: 'jwk' }), kid: keyId, use: 'sig', alg: 'RS256' },
    };
    return this.#key;
  }

  get publicJwk(): JsonWebKey {
    return this.#signing().publicJwk;
  }

  get keyId(): string {
    return this.#signing().keyId;
  }

  get thumbprint(): string {
    return this.#signing().thumbprint;
  }

  now(): Date {
    return new Date(this.options.now?.() ?? Date.now());
  }

  // ---- OAuth2 -------------------------------------------------------------------------------------------------

  /**
   * RFC 6749 client credentials: HTTP Basic, `grant_type` and an optional `scope` in the body, form-urlencoded
   * (or JSON when configured so). The scopes granted are those asked that exist (all when none is asked).
   */
  issueToken(
    authorization: string | undefined,
    contentType: string | undefined,
    body: Record<string, unknown>,
  ) {
    const expected = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')}`;
    if (authorization !== expected)
      throw new EmulatorProblem(401, 'invalid_client', 'Não autorizado', 'invalid_client');
    const wanted =
      this.options.tokenFormat === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
    if (!contentType?.toLowerCase().startsWith(wanted)) {
      throw new EmulatorProblem(
        400,
        'invalid_request',
        'Requisição inválida',
        `content-type ${wanted} esperado`,
      );
    }
    if (body.grant_type !== 'client_credentials')
      throw new EmulatorProblem(
        400,
        'unsupported_grant_type',
        'Requisição inválida',
        'unsupported_grant_type',
      );
    const asked = typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : undefined;
    const scopes = new Set<string>(
      asked ? asked.filter((scope) => (ALL_SCOPES as string[]).includes(scope)) : ALL_SCOPES,
    );
    const ttl = this.options.tokenTtlSeconds ?? 3600;
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { expiresAt: this.now().getTime() + ttl * 1000, scopes });
    this.tokensIssued += 1;
    return { access_token: token, token_type: 'Bearer', expires_in: ttl, scope: [...scopes].join(' ') };
  }

  /** A live token that was granted `scope`: 401 otherwise, 403 (AcessoNegado) for a token without the scope. */
  checkToken(authorization: string | undefined, scope?: string): void {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    const granted = token ? this.tokens.get(token) : undefined;
    if (granted === undefined || granted.expiresAt <= this.now().getTime()) {
      throw new EmulatorProblem(401, 'NaoAutorizado', 'Não autorizado', 'token inválido ou expirado');
    }
    if (scope && !granted.scopes.has(scope)) {
      throw new EmulatorProblem(403, 'AcessoNegado', 'Acesso Negado', `escopo ${scope} ausente`);
    }
  }

  /** Refuses a request body that breaks the standard's schema, with the named problem of that call. */
  checkRequest(
    schema: ApiPixSchemaName,
    body: unknown,
    problem: { status: number; type: string; title: string },
  ) {
    const violacoes = violationsOf(schema, body);
    if (violacoes.length > 0) {
      throw new EmulatorProblem(problem.status, problem.type, problem.title, 'requisição fora do schema', {
        violacoes,
      });
    }
  }

  // ---- cob ----------------------------------------------------------------------------------------------------

  /**
   * `PUT /cob/{txid}`: creates the cob, or, when it exists and is ATIVA, alters it (a new revision; criacao, and so
   * the expiry, unchanged). A cob that is no longer ATIVA cannot be altered (CobOperacaoInvalida).
   */
  createCob(txid: string, body: Record<string, unknown>): EmulatedCob {
    const invalid = (detail: string) =>
      new EmulatorProblem(400, 'CobOperacaoInvalida', 'Cobrança inválida.', detail);
    if (!/^[a-zA-Z0-9]{26,35}$/.test(txid)) throw invalid('txid inválido');
    this.checkRequest('CobSolicitada', body, {
      status: 400,
      type: 'CobOperacaoInvalida',
      title: 'Cobrança inválida.',
    });
    const calendario = (body.calendario ?? {}) as { expiracao?: unknown };
    const valor = (body.valor ?? {}) as { original: string };
    if (/^0+\.00$/.test(valor.original)) throw invalid('valor.original é zero');
    if (body.chave !== this.options.receiverKey) throw invalid('chave não pertence a este recebedor');
    const existing = this.cobs.get(txid);
    if (existing && existing.status !== 'ATIVA') throw invalid(`cobrança em status ${existing.status}`);
    const expiracao = calendario.expiracao === undefined ? 86_400 : Number(calendario.expiracao);
    const [reais, centavos] = valor.original.split('.');
    const cob: EmulatedCob = {
      txid,
      revisao: existing ? existing.revisao + 1 : 0,
      criacao: existing?.criacao ?? this.now(),
      expiracao,
      status: 'ATIVA',
      valorCents: BigInt(reais!) * 100n + BigInt(centavos!),
      chave: this.options.receiverKey,
      devedor: body.devedor as EmulatedCob['devedor'],
      solicitacaoPagador: typeof body.solicitacaoPagador === 'string' ? body.solicitacaoPagador : undefined,
      locId: existing?.locId ?? randomUUID().replace(/-/g, ''),
    };
    this.cobs.set(txid, cob);
    return cob;
  }

  /**
   * The cob as registered. Its status does not change when it expires: the standard's status is the record's, "not
   * related to the charge being expired" (CobrancaStatus); an expired ATIVA cob simply cannot be paid.
   */
  getCob(txid: string): EmulatedCob {
    const cob = this.cobs.get(txid);
    if (!cob) throw new EmulatorProblem(404, 'CobNaoEncontrado', 'Cobrança não encontrada.', `cob ${txid}`);
    return cob;
  }

  patchCob(txid: string, body: Record<string, unknown>): EmulatedCob {
    const cob = this.getCob(txid);
    this.checkRequest('CobRevisada', body, {
      status: 400,
      type: 'CobOperacaoInvalida',
      title: 'Cobrança inválida.',
    });
    if (cob.status !== 'ATIVA') {
      throw new EmulatorProblem(
        400,
        'CobOperacaoInvalida',
        'Cobrança inválida.',
        `cob em status ${cob.status}`,
      );
    }
    if (body.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
      if (Object.keys(body).length > 1) {
        throw new EmulatorProblem(
          400,
          'CobOperacaoInvalida',
          'Cobrança inválida.',
          'remoção com outras alterações',
        );
      }
      cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    }
    cob.revisao += 1;
    return cob;
  }

  expired(cob: EmulatedCob) {
    return this.#expired(cob);
  }

  #expired(cob: EmulatedCob) {
    return cob.criacao.getTime() + cob.expiracao * 1000 <= this.now().getTime();
  }

  location(cob: EmulatedCob): string {
    return `${this.options.locationBase ?? EMULATOR_LOCATION_HOST}/qr/v2/${cob.locId}`;
  }

  cobJson(cob: EmulatedCob) {
    const paid = [...this.pix.values()].filter((item) => item.txid === cob.txid);
    return {
      calendario: { criacao: cob.criacao.toISOString(), expiracao: cob.expiracao },
      txid: cob.txid,
      revisao: cob.revisao,
      loc: {
        id: Number.parseInt(cob.locId.slice(0, 8), 16),
        location: this.location(cob),
        tipoCob: 'cob',
        criacao: cob.criacao.toISOString(),
      },
      location: this.location(cob),
      status: cob.status,
      ...(cob.devedor ? { devedor: cob.devedor } : {}),
      valor: { original: centsToDecimalString(cob.valorCents) },
      chave: cob.chave,
      ...(cob.solicitacaoPagador ? { solicitacaoPagador: cob.solicitacaoPagador } : {}),
      ...(this.omitCopiaECola
        ? {}
        : {
            pixCopiaECola: buildPixBrCode({
              url: this.location(cob),
              merchantName: 'APOSTA PSP EMULADOR',
              merchantCity: 'SAO PAULO',
            }),
          }),
      // CobCompleta: the Pix that paid it (answered by GET; harmless on the other answers).
      ...(paid.length > 0 ? { pix: paid.map((item) => this.pixJson(item)) } : {}),
    };
  }

  /**
   * What a bank app fetches at the BR Code's location: the charge as a JWS (RS256) signed by the PSP's key, which
   * is published at `jku` (the Banco Central's rules for dynamic BR Codes).
   */
  locationJws(locId: string): string {
    const live = this.cobByLocation(locId);
    // The header of the standard's example: alg, typ JWS, kid, jku, x5t (here the SHA-1 of the key's DER: the
    // emulator has no X.509 certificate for its signing key).
    const header = {
      alg: 'RS256',
      typ: 'JWS',
      kid: this.keyId,
      jku: `${this.options.locationScheme ?? 'https'}://${this.options.locationBase ?? EMULATOR_LOCATION_HOST}/jwks`,
      x5t: this.thumbprint,
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
    const signature = sign('sha256', Buffer.from(signingInput), this.#signing().signing);
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
      ...(item.pagador ? { pagador: { cpf: item.pagador.cpf, nome: item.pagador.nome } } : {}),
      ...(item.devolucoes.size > 0
        ? { devolucoes: [...item.devolucoes.values()].map((r) => this.refundJson(r)) }
        : {}),
    };
  }

  getPix(e2eid: string): EmulatedPix {
    const item = this.pix.get(e2eid);
    if (!item) throw new EmulatorProblem(404, 'PixNaoEncontrado', 'Pix não encontrado.', e2eid);
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
    const invalid = (detail: string) =>
      new EmulatorProblem(400, 'PixDevolucaoInvalida', 'Devolução inválida.', detail);
    if (!/^[a-zA-Z0-9]{1,35}$/.test(id)) throw invalid('id inválido');
    const existing = item.devolucoes.get(id);
    if (existing) return existing;
    this.checkRequest('DevolucaoSolicitada', body, {
      status: 400,
      type: 'PixDevolucaoInvalida',
      title: 'Devolução inválida.',
    });
    const [reais, centavos] = String(body.valor).split('.');
    const valorCents = BigInt(reais!) * 100n + BigInt(centavos!);
    const refunded = [...item.devolucoes.values()]
      .filter((r) => r.status !== 'NAO_REALIZADO')
      .reduce((sum, r) => sum + r.valorCents, 0n);
    if (valorCents <= 0n || refunded + valorCents > item.valorCents) throw invalid('valor acima do recebido');
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
    if (!refund) throw new EmulatorProblem(404, 'PixDevolucaoNaoEncontrada', 'Devolução não encontrada.', id);
    return refund;
  }

  // ---- webhooks -----------------------------------------------------------------------------------------------

  /**
   * `PUT /webhook/{chave}`. Efí flavor: before keeping it, Efí POSTs to the URL without a client certificate (the
   * server must refuse) and then with one (it must accept), and refuses the registration otherwise.
   */
  async registerWebhook(chave: string, body: Record<string, unknown>) {
    const invalid = (detail: string) =>
      new EmulatorProblem(400, 'WebhookOperacaoInvalida', 'Webhook inválido.', detail);
    this.checkRequest('WebhookSolicitado', body, {
      status: 400,
      type: 'WebhookOperacaoInvalida',
      title: 'Webhook inválido.',
    });
    if (chave !== this.options.receiverKey) throw invalid('chave não pertence a este recebedor');
    const webhookUrl = String(body.webhookUrl);
    if (this.options.flavor === 'efi' && this.options.deliver) {
      const test = JSON.stringify({ evento: 'teste_webhook' });
      const headers = { 'content-type': 'application/json' };
      const without = await this.#safeDeliver(`${webhookUrl}/pix`, test, headers, false);
      const withCertificate = await this.#safeDeliver(`${webhookUrl}/pix`, test, headers, true);
      this.lastRegistrationChecks = [without, withCertificate];
      if (without >= 200 && without < 300)
        throw invalid('o servidor aceitou uma requisição sem certificado (mTLS)');
      if (withCertificate < 200 || withCertificate > 299) {
        throw invalid(`a notificação de teste foi recusada (${withCertificate})`);
      }
    }
    this.webhooks.set(chave, webhookUrl);
  }

  async #safeDeliver(
    url: string,
    rawBody: string,
    headers: Record<string, string>,
    withCertificate: boolean,
  ) {
    try {
      return await this.options.deliver!(url, rawBody, headers, { withCertificate });
    } catch {
      return 0;
    }
  }

  /** POSTs a body to the registered URL + `/pix` the standard way (mTLS; HMAC only when configured). */
  async #deliverPix(body: unknown): Promise<number | undefined> {
    const url = this.webhooks.get(this.options.receiverKey);
    if (!url || !this.options.deliver) return undefined;
    const rawBody = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.webhookHmac) {
      const timestamp = Math.floor(this.now().getTime() / 1000);
      headers[TIMESTAMP_HEADER] = String(timestamp);
      headers[SIGNATURE_HEADER] = signWebhook(this.options.webhookSecret, timestamp, rawBody);
    }
    return this.#safeDeliver(`${url}/pix`, rawBody, headers, true);
  }

  /** The standard's callback `{ pix: [...] }` for received Pix (and for devoluções that reached a final status). */
  async notify(items: EmulatedPix[]): Promise<number | undefined> {
    return this.#deliverPix({
      pix: items.map((item) => {
        const { chave: _chave, ...rest } = this.pixJson(item);
        return rest;
      }),
    });
  }

  /** Efí: a sent Pix's final status on the same webhook (`horario` null when it was not made). */
  async notifyPayout(payout: EmulatedPayout): Promise<number | undefined> {
    return this.#deliverPix({ pix: [this.payoutNoticeJson(payout)] });
  }

  payoutNoticeJson(payout: EmulatedPayout) {
    return {
      endToEndId: payout.endToEndId,
      chave: this.options.receiverKey,
      valor: centsToDecimalString(payout.valorCents),
      horario: payout.status === 'REALIZADO' ? (payout.liquidacao ?? this.now()).toISOString() : null,
      status: payout.status,
      tipo: 'SOLICITACAO',
      gnExtras: { idEnvio: payout.idEnvio },
    };
  }

  checkoutJson(checkout: EmulatedCheckout) {
    return this.cards.json(checkout, this.options.checkoutBase ?? '');
  }

  /** Tells the merchant a checkout changed (paid or failed), signed like the Pix webhooks. */
  async notifyCheckout(checkout: EmulatedCheckout): Promise<number | undefined> {
    if (!this.options.deliver) return undefined;
    const rawBody = JSON.stringify({ type: 'checkout.updated', checkout: this.checkoutJson(checkout) });
    const timestamp = Math.floor(this.now().getTime() / 1000);
    return this.#safeDeliver(
      checkout.notificationUrl,
      rawBody,
      {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(this.options.webhookSecret, timestamp, rawBody),
      },
      true,
    );
  }

  // ---- the payer's side (tests, the development page) ----------------------------------------------------------

  /**
   * A payer's bank pays the charge (by default its exact amount), the PSP records the received Pix and notifies.
   * Paying an expired or removed charge is refused, as a bank would; `amountCents` lets a test plant a mismatch.
   */
  async payCob(
    txid: string,
    options: { amountCents?: bigint; notify?: boolean; pagador?: EmulatedPayer } = {},
  ) {
    const cob = this.getCob(txid);
    if (
      (cob.status !== 'ATIVA' && cob.status !== 'CONCLUIDA') ||
      (cob.status === 'ATIVA' && this.#expired(cob))
    ) {
      throw new EmulatorProblem(
        400,
        'CobOperacaoInvalida',
        'Cobrança não pagável.',
        `cob em status ${cob.status}`,
      );
    }
    const item = this.receive({
      txid,
      amountCents: options.amountCents ?? cob.valorCents,
      pagador: options.pagador ?? this.payerOf(cob),
    });
    cob.status = 'CONCLUIDA';
    const delivered = options.notify === false ? undefined : await this.notify([item]);
    return { pix: item, delivered };
  }

  /** The payer a bank app would fill in: the cob's devedor when it names a person, else the test payer. */
  payerOf(cob: EmulatedCob): EmulatedPayer {
    const devedor = cob.devedor;
    return devedor?.cpf ? { cpf: devedor.cpf, nome: devedor.nome ?? '' } : DEFAULT_PAYER;
  }

  /** The cob behind a BR Code's location id (what a bank app resolves before paying). */
  cobByLocation(locId: string): EmulatedCob {
    const cob = [...this.cobs.values()].find((candidate) => candidate.locId === locId);
    if (!cob) throw new EmulatorProblem(404, 'CobPayloadNaoEncontrado', 'Cobrança não encontrada.', locId);
    return cob;
  }

  /** A Pix that arrives at our key (with or without a txid) without a payer paying through a charge page. */
  receive(input: { txid?: string; amountCents: bigint; at?: Date; pagador?: EmulatedPayer }): EmulatedPix {
    const horario = input.at ?? this.now();
    const item: EmulatedPix = {
      endToEndId: endToEndId('E', horario),
      txid: input.txid,
      valorCents: input.amountCents,
      horario,
      devolucoes: new Map(),
      ...(input.pagador ? { pagador: input.pagador } : {}),
    };
    this.pix.set(item.endToEndId, item);
    return item;
  }

  // ---- the DICT and payouts (Efí's send-Pix) -------------------------------------------------------------------

  /** Registers a Pix key as held by the person with this CPF (a key moves when registered again: portability). */
  registerKey(key: string, ownerCpf: string): void {
    this.dict.set(key, ownerCpf);
  }

  /** Whose key is this: the holder's CPF, or null for a key this DICT does not know (or a company's). */
  keyOwner(keyType: 'CPF' | 'CNPJ', key: string): string | null {
    return this.dict.get(key) ?? (keyType === 'CPF' && /^\d{11}$/.test(key) ? key : null);
  }

  sendPayout(idEnvio: string, body: Record<string, unknown>): EmulatedPayout {
    const efi = (status: number, nome: string, mensagem: string) =>
      new EmulatorProblem(status, nome, nome, mensagem, { efi: true });
    if (!/^[a-zA-Z0-9]{1,35}$/.test(idEnvio)) throw efi(400, 'valor_invalido', 'idEnvio inválido');
    this.payoutRequests.set(idEnvio, (this.payoutRequests.get(idEnvio) ?? 0) + 1);
    const refusal = this.refuseNextPayouts.shift();
    if (refusal !== undefined) throw efi(refusal, 'envio_recusado', 'recusado (teste)');
    if (this.payouts.has(idEnvio)) throw efi(409, 'id_envio_duplicado', 'idEnvio já utilizado');
    const violacoes = violationsOf('EfiEnvioPedido', body);
    if (violacoes.length > 0)
      throw efi(400, 'json_invalido', violacoes.map((v) => `${v.propriedade}: ${v.razao}`).join('; '));
    const pagador = body.pagador as { chave: string };
    const favorecido = (body.favorecido ?? {}) as { chave?: unknown };
    if (pagador.chave !== this.options.receiverKey)
      throw efi(400, 'chave_invalida', 'pagador.chave desconhecida');
    if (typeof favorecido.chave !== 'string') throw efi(400, 'chave_invalida', 'favorecido.chave ausente');
    const [reais, centavos] = String(body.valor).split('.');
    if (BigInt(reais!) * 100n + BigInt(centavos!) === 0n)
      throw efi(400, 'valor_invalido', 'valor deve ser positivo');
    const payout: EmulatedPayout = {
      idEnvio,
      endToEndId: endToEndId('E', this.now()),
      valorCents: BigInt(reais!) * 100n + BigInt(centavos!),
      favorecido: favorecido.chave,
      status: 'EM_PROCESSAMENTO',
      solicitacao: this.now(),
    };
    this.payouts.set(idEnvio, payout);
    return payout;
  }

  /**
   * What the receiving bank does with a payout just accepted, unless a test holds it: an amount ending in
   * ,13 (EMULATOR_REFUSED_CENTS) is refused (NAO_REALIZADO), anything else is credited (REALIZADO). Answers when the
   * outcome's notice has been delivered.
   */
  async settleAccepted(idEnvio: string): Promise<void> {
    const payout = this.payouts.get(idEnvio);
    if (!payout || this.holdPayouts) return;
    const refused = payout.valorCents % 100n === EMULATOR_REFUSED_CENTS;
    await this.settlePayout(idEnvio, refused ? 'NAO_REALIZADO' : 'REALIZADO');
  }

  /** Settles a processing payout; Efí then tells the outcome on the Pix webhook (its send-Pix needs one registered). */
  async settlePayout(idEnvio: string, status: 'REALIZADO' | 'NAO_REALIZADO'): Promise<void> {
    const payout = this.payouts.get(idEnvio);
    if (payout?.status !== 'EM_PROCESSAMENTO') return;
    payout.status = status;
    if (status === 'REALIZADO') payout.liquidacao = this.now();
    if (this.options.flavor === 'efi' && this.notifyPayouts) await this.notifyPayout(payout);
  }

  getPayout(idEnvio: string): EmulatedPayout {
    if (this.forgetNextPayoutQueries > 0) {
      this.forgetNextPayoutQueries -= 1;
      throw new EmulatorProblem(404, 'pix_nao_encontrado', 'pix_nao_encontrado', idEnvio, { efi: true });
    }
    const payout = this.payouts.get(idEnvio);
    if (!payout) {
      throw new EmulatorProblem(404, 'pix_nao_encontrado', 'pix_nao_encontrado', idEnvio, { efi: true });
    }
    return payout;
  }

  /** The answer to a send (`PUT /v3/gn/pix/{idEnvio}`): Efí names the end-to-end id `e2eId` here. */
  payoutJson(payout: EmulatedPayout) {
    return {
      idEnvio: payout.idEnvio,
      e2eId: payout.endToEndId,
      valor: centsToDecimalString(payout.valorCents),
      horario: { solicitacao: payout.solicitacao.toISOString() },
      status: payout.status,
    };
  }

  /** The answer to a query (`GET /v2/gn/pix/enviados/id-envio/{idEnvio}`): here it is `endToEndId`. */
  sentPixJson(payout: EmulatedPayout) {
    return {
      endToEndId: payout.endToEndId,
      idEnvio: payout.idEnvio,
      valor: centsToDecimalString(payout.valorCents),
      chave: this.options.receiverKey,
      status: payout.status,
      horario: {
        solicitacao: payout.solicitacao.toISOString(),
        ...(payout.liquidacao ? { liquidacao: payout.liquidacao.toISOString() } : {}),
      },
      favorecido: { chave: payout.favorecido },
    };
  }
}
