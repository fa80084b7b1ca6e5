import { describe, expect, it } from 'vitest';
import { depositBonus } from './packages';

const pkg = { pkgId: 3, price: 100, gift: 20, curreny: '', sort: 1 };

describe('depositBonus (what a deposit credits as bonus)', () => {
  it('is the gift plus the recharge bonus, rounded down to the centavo like the server', () => {
    expect(depositBonus(pkg, 0.1, false)).toBe(30);
    expect(depositBonus({ ...pkg, price: 33.33, gift: 0 }, 0.1, false)).toBe(3.33);
    expect(depositBonus(pkg, undefined, false)).toBe(20);
  });

  it('is nothing with "Depositar sem bônus" ticked', () => {
    expect(depositBonus(pkg, 0.1, true)).toBe(0);
  });
});
