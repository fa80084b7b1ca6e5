import { randomBytes } from 'node:crypto';
import { EmulatorProblem } from './problem.ts';

/**
 * The emulated PSP's card checkout (issue 16): a hosted payment page where the payer types the card, then a 3-D
 * Secure step (the issuer's challenge), then the PSP notifies the merchant. Magic values, as card sandboxes have:
 * card 4000 0000 0000 0002 is declined by the issuer; the 3-D Secure code 123456 authenticates, any other fails.
 */

export type CheckoutStatus = 'open' | 'awaiting_3ds' | 'paid' | 'failed' | 'cancelled';
export type CardFunding = 'debit' | 'credit';

export interface EmulatedCheckout {
  id: string;
  reference: string;
  amountCents: bigint;
  description: string;
  notificationUrl: string;
  returnUrl?: string;
  status: CheckoutStatus;
  paymentId?: string;
  paidAt?: Date;
  failureReason?: string;
  cardLast4?: string;
  /** Debit or credit, as the card's BIN says (the issuer's table; here DEBIT_CARDS). */
  cardFunding?: CardFunding;
  /** What the merchant accepts (`allowedFunding`); both when it says nothing. */
  allowedFunding: CardFunding[];
  /** Test switch: the PSP ignores `allowedFunding` (a PSP that charges a credit card all the same). */
  ignoreFunding?: boolean;
  createdAt: Date;
  /** Test switch: fields answered instead of the real ones (a PSP's malformed answer). */
  answerAs?: { amount?: number; paidAt?: string };
}

export const DECLINED_CARD = '4000000000000002';
export const THREE_DS_CODE = '123456';
/**
 * The issuer's BIN table of the emulator: these test numbers are debit cards (as card sandboxes publish them: Visa
 * debit 4000 0566 5566 5556, Mastercard debit 5200 8282 8282 8210; and the declined test card); every other valid
 * number (4111 1111 1111 1111 among them) is a credit card.
 */
export const DEBIT_CARDS = new Set(['4000056655665556', '5200828282828210', DECLINED_CARD]);
export const fundingOf = (digits: string): CardFunding => (DEBIT_CARDS.has(digits) ? 'debit' : 'credit');

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export class CheckoutBook {
  readonly checkouts = new Map<string, EmulatedCheckout>();
  readonly #now: () => Date;

  constructor(now: () => Date) {
    this.#now = now;
  }

  create(body: Record<string, unknown>): EmulatedCheckout {
    // Mounted in the app, the app's JSON parser hands a body's `amount` on as the text that was sent.
    const amount =
      typeof body.amount === 'string' && /^\d{1,12}$/.test(body.amount) ? Number(body.amount) : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) {
      throw new EmulatorProblem(400, 'RequisicaoInvalida', 'Checkout inválido', 'amount (centavos) inválido');
    }
    if (typeof body.reference !== 'string' || !/^[a-zA-Z0-9]{1,64}$/.test(body.reference)) {
      throw new EmulatorProblem(400, 'RequisicaoInvalida', 'Checkout inválido', 'reference inválida');
    }
    if (body.currency !== 'BRL')
      throw new EmulatorProblem(400, 'RequisicaoInvalida', 'Checkout inválido', 'currency deve ser BRL');
    if (typeof body.notificationUrl !== 'string' || !/^https?:\/\//.test(body.notificationUrl)) {
      throw new EmulatorProblem(400, 'RequisicaoInvalida', 'Checkout inválido', 'notificationUrl inválida');
    }
    const allowedFunding = Array.isArray(body.allowedFunding)
      ? body.allowedFunding.filter((f): f is CardFunding => f === 'debit' || f === 'credit')
      : (['debit', 'credit'] as CardFunding[]);
    if (allowedFunding.length === 0) {
      throw new EmulatorProblem(400, 'RequisicaoInvalida', 'Checkout inválido', 'allowedFunding vazio');
    }
    if ([...this.checkouts.values()].some((c) => c.reference === body.reference)) {
      throw new EmulatorProblem(409, 'RequisicaoInvalida', 'Checkout duplicado', 'reference já utilizada');
    }
    const checkout: EmulatedCheckout = {
      id: `chk_${randomBytes(12).toString('hex')}`,
      reference: body.reference,
      amountCents: BigInt(amount),
      description: typeof body.description === 'string' ? body.description.slice(0, 140) : '',
      notificationUrl: body.notificationUrl,
      returnUrl: typeof body.returnUrl === 'string' ? body.returnUrl : undefined,
      status: 'open',
      allowedFunding,
      createdAt: this.#now(),
    };
    this.checkouts.set(checkout.id, checkout);
    return checkout;
  }

  get(id: string): EmulatedCheckout {
    const checkout = this.checkouts.get(id);
    if (!checkout) throw new EmulatorProblem(404, 'NaoEncontrado', 'Checkout não encontrado', id);
    return checkout;
  }

  byReference(reference: string): EmulatedCheckout {
    const checkout = [...this.checkouts.values()].find((c) => c.reference === reference);
    if (!checkout) throw new EmulatorProblem(404, 'NaoEncontrado', 'Checkout não encontrado', reference);
    return checkout;
  }

  cancel(id: string): EmulatedCheckout {
    const checkout = this.get(id);
    if (checkout.status === 'open' || checkout.status === 'awaiting_3ds') checkout.status = 'cancelled';
    return checkout;
  }

  /** The payer submits the card: declined at once, or on to the issuer's 3-D Secure challenge. */
  submitCard(id: string, form: Record<string, unknown>): EmulatedCheckout {
    const checkout = this.get(id);
    if (checkout.status !== 'open') return checkout;
    const number = String(form.number ?? '').replace(/\D/g, '');
    if (!luhnValid(number))
      throw new EmulatorProblem(400, 'RequisicaoInvalida', 'Cartão inválido', 'número do cartão inválido');
    if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(String(form.expiry ?? ''))) {
      throw new EmulatorProblem(400, 'RequisicaoInvalida', 'Cartão inválido', 'validade inválida (MM/AA)');
    }
    if (!/^\d{3,4}$/.test(String(form.cvv ?? '')))
      throw new EmulatorProblem(400, 'RequisicaoInvalida', 'Cartão inválido', 'CVV inválido');
    checkout.cardLast4 = number.slice(-4);
    checkout.cardFunding = fundingOf(number);
    if (!checkout.ignoreFunding && !checkout.allowedFunding.includes(checkout.cardFunding)) {
      // Refused before the issuer is asked: the form says why and the payer may use another card.
      throw new EmulatorProblem(
        400,
        'RequisicaoInvalida',
        'Cartão não aceito',
        'Este pagamento aceita somente cartão de débito: use um cartão de débito.',
      );
    }
    if (number === DECLINED_CARD) {
      checkout.status = 'failed';
      checkout.failureReason = 'card_declined';
      return checkout;
    }
    checkout.status = 'awaiting_3ds';
    return checkout;
  }

  /** The issuer's challenge: the right code pays, anything else fails the authentication. */
  submitThreeDs(id: string, code: unknown): EmulatedCheckout {
    const checkout = this.get(id);
    if (checkout.status !== 'awaiting_3ds') return checkout;
    if (code === THREE_DS_CODE) {
      checkout.status = 'paid';
      checkout.paidAt = this.#now();
      checkout.paymentId = `pay_${randomBytes(12).toString('hex')}`;
    } else {
      checkout.status = 'failed';
      checkout.failureReason = 'authentication_failed';
    }
    return checkout;
  }

  json(checkout: EmulatedCheckout, base: string) {
    return {
      id: checkout.id,
      reference: checkout.reference,
      amount: Number(checkout.amountCents),
      currency: 'BRL',
      status: checkout.status,
      url: `${base}/checkout/${checkout.id}`,
      ...(checkout.paymentId ? { paymentId: checkout.paymentId } : {}),
      ...(checkout.paidAt ? { paidAt: checkout.paidAt.toISOString() } : {}),
      ...(checkout.failureReason ? { failureReason: checkout.failureReason } : {}),
      ...(checkout.cardLast4
        ? {
            card: {
              last4: checkout.cardLast4,
              ...(checkout.cardFunding ? { funding: checkout.cardFunding } : {}),
            },
          }
        : {}),
      allowedFunding: checkout.allowedFunding,
      ...checkout.answerAs,
    };
  }
}
