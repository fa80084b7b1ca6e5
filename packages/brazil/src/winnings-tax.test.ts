import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  eventsNetPrizeCents,
  netPrizeCents,
  taxDueCents,
  taxPeriodBounds,
  taxPeriodOf,
  type WinningsTaxRule,
  withholdingCents,
} from './winnings-tax.ts';

const RULE: WinningsTaxRule = { rateBasisPoints: 1500, exemptCents: 225_920n };

describe('taxDueCents', () => {
  it('is nothing at or below the exempt band', () => {
    expect(taxDueCents(0n, RULE)).toBe(0n);
    expect(taxDueCents(225_920n, RULE)).toBe(0n);
    expect(taxDueCents(-10_000n, RULE)).toBe(0n);
  });
  it('taxes only the part above the band, rounded down', () => {
    // One centavo above: 15 % of 1 centavo is 0.15 centavo, rounded down to 0.
    expect(taxDueCents(225_921n, RULE)).toBe(0n);
    // 7 centavos above: 1.05 → 1.
    expect(taxDueCents(225_927n, RULE)).toBe(1n);
    // R$ 1.000,00 above: R$ 150,00.
    expect(taxDueCents(325_920n, RULE)).toBe(15_000n);
  });
  it('refuses a rate outside 0..100 %', () => {
    expect(() => taxDueCents(1n, { ...RULE, rateBasisPoints: 10_001 })).toThrow(RangeError);
    expect(() => taxDueCents(1n, { ...RULE, rateBasisPoints: 1.5 })).toThrow(RangeError);
  });
});

describe('netPrizeCents', () => {
  it('is prizes minus stakes', () => {
    expect(netPrizeCents({ prizesCents: 500n, stakesCents: 800n })).toBe(-300n);
  });
});

describe('withholdingCents', () => {
  it('withholds what is due minus what was withheld, capped by the payout', () => {
    expect(
      withholdingCents({
        netSoFarCents: 325_920n,
        alreadyWithheldCents: 5_000n,
        payoutCents: 100_000n,
        rule: RULE,
      }),
    ).toBe(10_000n);
    expect(
      withholdingCents({
        netSoFarCents: 325_920n,
        alreadyWithheldCents: 0n,
        payoutCents: 4_000n,
        rule: RULE,
      }),
    ).toBe(4_000n);
    expect(
      withholdingCents({
        netSoFarCents: 325_920n,
        alreadyWithheldCents: 20_000n,
        payoutCents: 4_000n,
        rule: RULE,
      }),
    ).toBe(0n);
  });

  const cents = (max: number) => fc.bigInt({ min: 0n, max: BigInt(max) });
  const rule = fc.record({
    rateBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    exemptCents: cents(10_000_000),
  });

  it('is never negative and never more than the payout', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -10_000_000n, max: 100_000_000n }),
        cents(50_000_000),
        fc.bigInt({ min: -1_000n, max: 100_000_000n }),
        rule,
        (net, withheld, payout, r) => {
          const w = withholdingCents({
            netSoFarCents: net,
            alreadyWithheldCents: withheld,
            payoutCents: payout,
            rule: r,
          });
          expect(w >= 0n).toBe(true);
          expect(w <= (payout > 0n ? payout : 0n)).toBe(true);
        },
      ),
    );
  });

  it('adds up to the tax due at the period end when the payouts cover it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ won: cents(5_000_000), staked: cents(5_000_000), payout: cents(5_000_000) }), {
          minLength: 1,
          maxLength: 20,
        }),
        rule,
        (steps, r) => {
          let net = 0n;
          let withheld = 0n;
          for (const step of steps) {
            net += step.won - step.staked;
            withheld += withholdingCents({
              netSoFarCents: net,
              alreadyWithheldCents: withheld,
              payoutCents: step.payout,
              rule: r,
            });
          }
          // A last payout large enough to cover what is still owed.
          withheld += withholdingCents({
            netSoFarCents: net,
            alreadyWithheldCents: withheld,
            payoutCents: 1_000_000_000n,
            rule: r,
          });
          // Withholding is never refunded within the period, so a net that fell back leaves it at its peak.
          expect(withheld >= taxDueCents(net, r)).toBe(true);
          if (steps.every((s) => s.won >= s.staked)) expect(withheld).toBe(taxDueCents(net, r));
        },
      ),
    );
  });
});

describe('tax periods', () => {
  it('cut at midnight in Brasília', () => {
    expect(taxPeriodOf(new Date('2026-01-01T02:59:59Z'), 'year')).toBe('2025');
    expect(taxPeriodOf(new Date('2026-01-01T03:00:00Z'), 'year')).toBe('2026');
    expect(taxPeriodOf(new Date('2026-03-01T02:00:00Z'), 'month')).toBe('2026-02');
    expect(taxPeriodBounds('2025')).toEqual({
      from: new Date('2025-01-01T03:00:00Z'),
      to: new Date('2026-01-01T03:00:00Z'),
    });
    expect(taxPeriodBounds('2025-12').to).toEqual(new Date('2026-01-01T03:00:00Z'));
  });
});

describe('eventsNetPrizeCents (the IN reading: no loss offsets another prize)', () => {
  it('sums the positive events only', () => {
    expect(eventsNetPrizeCents([500n, -1_000n, 250n, 0n])).toBe(750n);
    expect(eventsNetPrizeCents([])).toBe(0n);
  });
  it('is never below the period net, and equals it when nothing was lost', () => {
    const nets = fc.array(fc.bigInt({ min: -1_000_000n, max: 1_000_000n }), { maxLength: 50 });
    fc.assert(
      fc.property(nets, (events) => {
        const periodNet = events.reduce((sum, net) => sum + net, 0n);
        const byEvent = eventsNetPrizeCents(events);
        expect(byEvent >= periodNet).toBe(true);
        expect(byEvent >= 0n).toBe(true);
        if (events.every((net) => net >= 0n)) expect(byEvent).toBe(periodNet);
      }),
    );
  });
});
