/**
 * What the wallet needs from a PIX payment provider (PSP). The API Pix adapter implements it over the PSP's HTTP
 * API (in development against the in-process emulator); the card checkout over the PSP's checkout API.
 */
export interface ChargeRequest {
  /** Our reconciliation id, 26..35 of [a-zA-Z0-9] as the Banco Central API Pix requires. */
  txid: string;
  amountCents: bigint;
  expiresInSeconds: number;
  description: string;
  /** The payer as KYC knows them (API Pix `devedor`), when the player has passed KYC. */
  payer?: { cpf: string; name: string };
}

export interface CreatedCharge {
  payNo: string;
  /** The payment page the player opens (in the deposit iframe). */
  url: string;
  brCode: string;
}

/** One confirmed payment out of a webhook, in the API Pix shape (`pix[]`). */
export interface ConfirmedPix {
  endToEndId: string;
  txid: string;
  amountCents: bigint;
  paidAt: Date;
  /**
   * The payer's CPF as the PSP's own record of the Pix names it (`pagador.cpf`), once confirmed at the PSP; null
   * when the PSP names none (or a company). br-licensed credits only a deposit paid from the player's own CPF.
   */
  payerCpf?: string | null;
}

/** A webhook item as delivered: API Pix makes `txid` optional (a Pix sent straight to our key has none). */
export type NotifiedPix = Omit<ConfirmedPix, 'txid'> & { txid: string | null };

/** What one webhook delivery tells, beyond payments: refunds and payouts to ask the PSP about (never trusted as such). */
export interface WebhookNotices {
  payments: NotifiedPix[];
  /** endToEndIds of received Pix whose devolução reached a final status. */
  refunds: string[];
  /** idEnvio of our payouts the PSP has news about. */
  payouts: string[];
}

/** The connection a webhook delivery came on: the client certificate chain (DER, leaf first) of our TLS socket. */
export interface WebhookPeer {
  tlsChain?: Buffer[];
}

export interface PayoutRequest {
  payoutId: string;
  amountCents: bigint;
  keyType: 'CPF' | 'CNPJ' | 'USDT';
  key: string;
  holderName: string;
}

export type PayoutOutcome = { status: 'paid'; reference: string } | { status: 'failed'; reason: string };

/** What the PSP says of one payout. 'pending': accepted, still processing; ask again later. */
export type PayoutState =
  | { status: 'paid'; reference: string }
  | { status: 'pending'; reference?: string }
  | { status: 'failed'; reason: string };

/**
 * A PSP's send-Pix call (not part of the API Pix standard, so one per PSP). `idEnvio` is ours and the PSP's
 * idempotency key: the payout job records it before sending, and after a timeout or a crash it asks `status`
 * instead of sending again.
 */
export interface PayoutRail {
  readonly name: string;
  /**
   * Sends the payout; throws when the answer never came (the PSP may or may not have it). `resend` when an earlier
   * send's outcome is unknown (a refusal may then be the PSP refusing a second transfer: never 'failed').
   */
  send(idEnvio: string, request: PayoutRequest, options?: { resend?: boolean }): Promise<PayoutState>;
  /**
   * The PSP's view of a payout; 'unknown' when it never received that idEnvio. A payout of another amount than
   * `expectedCents` is never 'paid' nor 'failed': pending, for the operator.
   */
  status(idEnvio: string, expectedCents?: bigint): Promise<PayoutState | { status: 'unknown' }>;
}

export interface PaymentProvider {
  readonly name: string;
  createCharge(request: ChargeRequest): Promise<CreatedCharge>;
  /**
   * Authenticates a delivery before anything is parsed (the PSP's client certificate, or a signature over the raw
   * body); false means refuse with 401.
   */
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    peer?: WebhookPeer,
  ): boolean;
  parseWebhook(rawBody: string): NotifiedPix[];
  /** When present, read instead of parseWebhook: payments plus the refunds and payouts the delivery tells of. */
  parseNotices?(rawBody: string): WebhookNotices;
  /** Asks the PSP again about these refunds and payouts (a delivery's notices, never taken as facts). */
  onNotices?(notices: Pick<WebhookNotices, 'refunds' | 'payouts'>): Promise<void>;
  /**
   * The PSP's view of a charge (API Pix `GET /cob/{txid}`): the Pix that paid it when it is CONCLUIDA, null while
   * unpaid or removed. Lets a lost or late webhook be made up by asking.
   */
  pollCharge?(txid: string): Promise<NotifiedPix | null>;
  /**
   * When present, every webhook item is confirmed at the PSP (API Pix `GET /pix/{endToEndId}`) before anything is
   * credited, and the PSP's own record is what counts; null when the PSP does not confirm it (unknown, another txid
   * or another amount).
   */
  confirmPix?(pix: NotifiedPix): Promise<NotifiedPix | null>;
  /**
   * Removes an unpaid charge so the payer can no longer pay it. 'already_paid' when the payer was faster: its
   * confirmation is on the way and credits the order as usual.
   */
  cancelCharge(txid: string): Promise<'cancelled' | 'already_paid'>;
  /**
   * Returns a received payment to its payer (API Pix `PUT /pix/{e2eid}/devolucao/{id}`), idempotent by our `id`;
   * absent when the provider cannot (then the operator refunds at the PSP).
   */
  refund?(
    endToEndId: string,
    id: string,
    amountCents: bigint,
  ): Promise<'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO'>;
  /**
   * Whose key is this (the DICT lookup every PSP offers before a transfer): the owner's CPF, or null when it
   * belongs to a company or is unknown. br-licensed pays out only to keys of the player's own CPF; a provider
   * without this lookup can pay only to a CPF key equal to the KYC CPF.
   */
  resolveKey?(keyType: 'CPF' | 'CNPJ', key: string): Promise<{ ownerCpf: string | null }>;
}
