import { http } from '../../../lib/http';

// POST /api/app/order/prePay/{pkgId} (form: gift 1/0, pkgId, isapp on the deposit page only) creates
// the payment order. A money action: it carries an Idempotency-Key and is never optimistic.
export interface PrePayInput {
  pkgId: number | string;
  gift: 0 | 1;
  /** Sent by the deposit page only (spec.md section 7). */
  isapp?: 0 | 1;
}

export interface PaymentOrder {
  orderId: number;
  payNo: string;
  url: string;
}

export function prePay(input: PrePayInput, idempotencyKey: string): Promise<PaymentOrder> {
  return http.post<PaymentOrder>(`/api/app/order/prePay/${encodeURIComponent(String(input.pkgId))}`, input, {
    form: true,
    idempotencyKey,
  });
}
