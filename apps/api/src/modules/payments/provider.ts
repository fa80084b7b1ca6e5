/**
 * What the wallet needs from a PIX payment provider (PSP). The sandbox implements it inside the server; a real
 * PSP adapter implements the same calls over its HTTP API.
 */
export interface ChargeRequest {
  /** Our reconciliation id, 26..35 of [a-zA-Z0-9] as the Banco Central API Pix requires. */
  txid: string;
  amountCents: bigint;
  expiresInSeconds: number;
  description: string;
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
}

export interface PayoutRequest {
  payoutId: string;
  amountCents: bigint;
  keyType: 'CPF' | 'CNPJ' | 'USDT';
  key: string;
  holderName: string;
}

export type PayoutOutcome = { status: 'paid'; reference: string } | { status: 'failed'; reason: string };

export interface PaymentProvider {
  readonly name: string;
  createCharge(request: ChargeRequest): Promise<CreatedCharge>;
  /** Checks the signature over the raw body before anything is parsed; false means refuse with 401. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): boolean;
  parseWebhook(rawBody: string): ConfirmedPix[];
  payout(request: PayoutRequest): Promise<PayoutOutcome>;
  /**
   * Removes an unpaid charge so the payer can no longer pay it. 'already_paid' when the payer was faster: its
   * confirmation is on the way and credits the order as usual.
   */
  cancelCharge(txid: string): Promise<'cancelled' | 'already_paid'>;
}
