import { centsToReais, reaisToCents as exactCents } from '@aposta/money';
import { partialCashout } from '@aposta/sports';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reaisToCents } from '../features/games/logic/amount';
import { increaseReward } from '../features/rewards/count-up';
import { cashoutPaid } from '../features/sports/logic/cashout';
import { depositBonus } from '../features/wallet/packages';
import { withdrawalMaxCents, withdrawCapCents } from '../features/wallet/withdraw-rules';

/**
 * Issue 28: reais became centavos in five places of the app, each with its own float rounding. They all read
 * through @aposta/money now; for every 2-decimal figure the API can send, each agrees with it exactly.
 */
describe('the app reads reais as centavos through @aposta/money only', () => {
  const cents = fc.bigInt({ min: 0n, max: 10n ** 12n });

  it('the bet panel, the withdrawal cap, the increase reward, the deposit bonus and the cash-out agree', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        const reais = centsToReais(a);
        expect(BigInt(reaisToCents(reais))).toBe(exactCents(reais));
        expect(BigInt(reaisToCents(reais))).toBe(a);
        expect(withdrawCapCents({ wdAmount: reais })).toBe(Math.min(Number(a), withdrawalMaxCents));
        expect(increaseReward(reais, 1.05)).toBe(centsToReais((a * 500n) / 10_000n));
        const pkg = { pkgId: 1, price: reais, gift: centsToReais(b), curreny: 'BRL', sort: 1 };
        expect(depositBonus(pkg, 0.1, false)).toBe(centsToReais((b > 0n ? b : 0n) + (a * 1000n) / 10_000n));
        const split = partialCashout(b, a, 50);
        expect(cashoutPaid(reais, centsToReais(b), 0.5)).toBe(split ? centsToReais(split.paidCents) : null);
      }),
      { numRuns: 500 },
    );
  });

  it('a figure that is not whole centavos is refused, never rounded into a different amount', () => {
    expect(() => reaisToCents(0.125)).toThrow();
    expect(() => reaisToCents(0.1 + 0.2)).toThrow();
  });
});
