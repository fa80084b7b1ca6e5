import type { PrePayAnswer, PrePayBody } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/order/prePay/{pkgId} (form: gift 1/0, pkgId, isapp on the deposit page only) creates
// the payment order. A money action: it carries an Idempotency-Key and is never optimistic.
// isapp is sent by the deposit page only (spec.md section 7); pkgId goes in the path and the form.
export type PrePayInput = PrePayBody & { pkgId: number };
export type { PrePayAnswer as PaymentOrder };

export function prePay(input: PrePayInput, idempotencyKey: string): Promise<PrePayAnswer> {
  return playerApi('POST /api/app/order/prePay/:pkgId', {
    params: { pkgId: input.pkgId },
    body: input,
    form: true,
    idempotencyKey,
  });
}
