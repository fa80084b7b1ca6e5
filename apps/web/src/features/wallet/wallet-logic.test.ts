import { describe, expect, it } from 'vitest';
import type { PricePackage } from '../../lib/user-info';
import { nextRecordsPage, type RecordsPage, recordsPageSize } from './api/records';
import { activeDiscount, discountPercent, formatRemaining } from './countdown';
import { paymentOutcome, recordKind, recordStatusKey } from './order-status';
import {
  defaultPackage,
  depositProblem,
  findPackage,
  giftAvailable,
  giftFlag,
  lowBalanceOffer,
  lowBalanceQuietMs,
  lowBalanceStaysClosed,
  sortedPackages,
} from './packages';
import { samePaymentUrl } from './payment-url';
import { identityState } from './withdraw-identity';
import {
  allowedPayoutTypes,
  checkWithdraw,
  defaultPayoutType,
  ifscFor,
  sanitizeAccountNo,
  showsHolderName,
  usdtFor,
  type WithdrawLimits,
  wageringShare,
  withdrawCapCents,
} from './withdraw-rules';

const pkg = (pkgId: number, price: number, gift: number, sort: number): PricePackage => ({
  pkgId,
  price,
  gift,
  sort,
  curreny: 'BRL',
});

// The seeded BRL packages, deliberately out of order.
const brl = [pkg(3, 100, 15, 3), pkg(1, 20, 2, 1), pkg(2, 50, 5, 2), pkg(4, 200, 40, 4), pkg(5, 500, 100, 5)];

describe('price packages', () => {
  it('sorts by sort and drops packages that cost nothing', () => {
    const list = sortedPackages([...brl, pkg(9, 0, 0, 0), pkg(10, Number.NaN, 0, 0)]);
    expect(list.map((item) => item.price)).toEqual([20, 50, 100, 200, 500]);
    expect(sortedPackages(undefined)).toEqual([]);
  });

  it('preselects the package of price 100, else the first', () => {
    expect(defaultPackage(sortedPackages(brl))?.pkgId).toBe(3);
    expect(defaultPackage(sortedPackages(brl.filter((item) => item.price !== 100)))?.pkgId).toBe(1);
    expect(defaultPackage([])).toBeUndefined();
  });

  it('finds a package by its id', () => {
    expect(findPackage(brl, 4)?.price).toBe(200);
    expect(findPackage(brl, 99)).toBeUndefined();
    expect(findPackage(brl, undefined)).toBeUndefined();
  });

  it('offers the first 4 packages on the low-balance page', () => {
    expect(lowBalanceOffer(sortedPackages(brl)).map((item) => item.price)).toEqual([20, 50, 100, 200]);
  });

  it('keeps a declined low-balance offer closed for the same balance, not for a lower one or later', () => {
    const dismissed = { balance: 5, at: 1_000 };
    expect(lowBalanceStaysClosed(undefined, 5, 2_000)).toBe(false);
    expect(lowBalanceStaysClosed(dismissed, 5, 2_000)).toBe(true);
    expect(lowBalanceStaysClosed(dismissed, 4.99, 2_000)).toBe(false);
    expect(lowBalanceStaysClosed(dismissed, 5, 1_000 + lowBalanceQuietMs)).toBe(false);
  });

  it('sends gift 0 when the player opts out and 1 otherwise', () => {
    expect(giftFlag(true)).toBe(0);
    expect(giftFlag(false)).toBe(1);
  });

  it('knows when a gift is on offer (closing the deposit page opens the second-deposit offer)', () => {
    expect(giftAvailable(brl)).toBe(true);
    expect(giftAvailable([pkg(1, 20, 0, 1)])).toBe(false);
  });

  it('refuses a deposit without a package above 0', () => {
    expect(depositProblem(undefined)).toBe('deposit.chooseAmount');
    expect(depositProblem(pkg(1, 0, 0, 1))).toBe('deposit.chooseAmount');
    expect(depositProblem(brl[0])).toBeUndefined();
  });
});

describe('order statuses', () => {
  it('maps a deposit status check to paid, reset or pending', () => {
    expect(paymentOutcome('10')).toBe('paid');
    expect(paymentOutcome('01')).toBe('reset');
    expect(paymentOutcome('-01')).toBe('reset');
    expect(paymentOutcome('00')).toBe('pending');
    expect(paymentOutcome(undefined)).toBe('pending');
  });

  it('names record statuses in words: credited for deposits, paid for withdrawals', () => {
    expect(recordStatusKey('10', '00')).toBe('pending');
    expect(recordStatusKey('10', '01')).toBe('cancelled');
    expect(recordStatusKey('10', '-01')).toBe('cancelled');
    expect(recordStatusKey('10', '10')).toBe('credited');
    expect(recordStatusKey('11', '10')).toBe('paid');
    expect(recordStatusKey('11', '??')).toBe('unknown');
    expect(recordKind('10')).toBe('deposit');
    expect(recordKind('11')).toBe('withdraw');
    expect(recordKind('99')).toBe('other');
  });

  it('pages records until the total or a short page', () => {
    const page = (count: number, total: number): RecordsPage => ({
      records: Array.from({ length: count }, (_, index) => ({
        orderId: index,
        type: '10',
        amount: 1,
        gift: 0,
        status: '10',
        time: 0,
        finishedTime: null,
        payCardBank: null,
        payCardNo: null,
      })),
      total,
    });
    expect(nextRecordsPage([page(recordsPageSize, 45)])).toBe(2);
    expect(
      nextRecordsPage([page(recordsPageSize, 45), page(recordsPageSize, 45), page(5, 45)]),
    ).toBeUndefined();
    expect(nextRecordsPage([page(recordsPageSize, recordsPageSize)])).toBeUndefined();
    expect(nextRecordsPage([page(3, 50)])).toBeUndefined();
  });
});

describe('withdraw checks, in the order of spec.md section 5', () => {
  const open: WithdrawLimits = { lock: false, number: 3, wdAmount: 150, limitAmount: 20 };
  const good = { type: 'CPF' as const, accountNo: '52998224725', amountCents: 5_000 };

  it('passes a complete request within the limits', () => {
    expect(checkWithdraw(open, good)).toBeUndefined();
  });

  it('checks lock first, then the day count, then the withdrawable amount', () => {
    const everythingWrong = { type: '' as const, accountNo: '', amountCents: undefined };
    expect(checkWithdraw({ ...open, lock: true, number: 0, wdAmount: 0 }, everythingWrong)).toEqual({
      key: 'locked',
    });
    expect(checkWithdraw({ ...open, number: 0, wdAmount: 0 }, everythingWrong)).toEqual({
      key: 'noMoreToday',
    });
    expect(checkWithdraw({ ...open, wdAmount: 0 }, everythingWrong)).toEqual({ key: 'nothing' });
    expect(checkWithdraw({ ...open, wdAmount: -5 }, everythingWrong)).toEqual({ key: 'nothing' });
  });

  it('then the minimum (empty counts as below), then the maximum, then completeness', () => {
    expect(checkWithdraw(open, { ...good, type: '', amountCents: undefined })).toEqual({
      key: 'minimum',
      limitCents: 2_000,
    });
    expect(checkWithdraw(open, { ...good, amountCents: 1_999 })).toEqual({
      key: 'minimum',
      limitCents: 2_000,
    });
    expect(checkWithdraw(open, { ...good, accountNo: '', amountCents: 15_001 })).toEqual({
      key: 'maximum',
      maxCents: 15_000,
    });
    expect(checkWithdraw(open, { ...good, accountNo: ' ' })).toEqual({ key: 'incomplete' });
    expect(checkWithdraw(open, { ...good, type: '' })).toEqual({ key: 'incomplete' });
  });

  it('caps the maximum at R$ 10.000 whatever is withdrawable', () => {
    const rich = { ...open, wdAmount: 50_000 };
    expect(withdrawCapCents(rich)).toBe(1_000_000);
    expect(checkWithdraw(rich, { ...good, amountCents: 1_000_001 })).toEqual({
      key: 'maximum',
      maxCents: 1_000_000,
    });
  });

  it('then checks the CPF and CNPJ check digits and the USDT address', () => {
    expect(checkWithdraw(open, { ...good, accountNo: '52998224724' })).toEqual({ key: 'cpfInvalid' });
    expect(checkWithdraw(open, { ...good, accountNo: '11111111111' })).toEqual({ key: 'cpfInvalid' });
    expect(checkWithdraw(open, { ...good, type: 'CNPJ', accountNo: '11222333000181' })).toBeUndefined();
    expect(checkWithdraw(open, { ...good, type: 'CNPJ', accountNo: '11222333000182' })).toEqual({
      key: 'cnpjInvalid',
    });
    expect(checkWithdraw(open, { ...good, type: 'USDT', accountNo: 'T-not-an-address' })).toEqual({
      key: 'usdtAddressInvalid',
    });
  });

  it('offers USDT only to lx 20 and opens on CHANNEL when allowed', () => {
    expect(allowedPayoutTypes('10')).toEqual(['CPF', 'CNPJ']);
    expect(allowedPayoutTypes('20')).toEqual(['CPF', 'CNPJ', 'USDT']);
    expect(defaultPayoutType('CNPJ', '10')).toBe('CNPJ');
    expect(defaultPayoutType('USDT', '10')).toBe('CPF');
    expect(defaultPayoutType('USDT', '20')).toBe('USDT');
    expect(defaultPayoutType(undefined, '20')).toBe('CPF');
  });

  it('fills ifsc with the account for CPF and the rate for USDT; names CPF and CNPJ holders only', () => {
    expect(ifscFor('CPF', '52998224725', 5.4)).toBe('52998224725');
    expect(ifscFor('USDT', 'TXYZ', 5.4)).toBe('5.4');
    expect(showsHolderName('CPF')).toBe(true);
    expect(showsHolderName('CNPJ')).toBe(true);
    expect(showsHolderName('USDT')).toBe(false);
  });

  it('keeps digits for CPF, digits and letters for CNPJ, and the address for USDT', () => {
    expect(sanitizeAccountNo('CPF', '529.982.247-25x')).toBe('52998224725');
    expect(sanitizeAccountNo('CNPJ', '12.abc.345/01de-77')).toBe('12ABC34501DE77');
    expect(sanitizeAccountNo('USDT', ' TN9RRaXkCFtTXRso2GdTZxSxxwufzxLQPP ')).toBe(
      'TN9RRaXkCFtTXRso2GdTZxSxxwufzxLQPP',
    );
  });

  it("shows the bonus's wagering done as a share and the USDT equivalent", () => {
    expect(wageringShare({ wageringLeft: 150, wageringRequired: 300 })).toBe(0.5);
    expect(wageringShare({ wageringLeft: 300, wageringRequired: 300 })).toBe(0);
    expect(wageringShare({ wageringLeft: 0, wageringRequired: 300 })).toBe(1);
    expect(wageringShare(null)).toBe(0);
    expect(wageringShare({ wageringLeft: 10, wageringRequired: 0 })).toBe(0);
    expect(usdtFor(10_000, 5)).toBe(20);
    expect(usdtFor(undefined, 5)).toBeUndefined();
  });
});

describe('discount countdown', () => {
  it('formats the time left', () => {
    expect(formatRemaining(65_000)).toBe('01:05');
    expect(formatRemaining(3_725_000)).toBe('01:02:05');
    expect(formatRemaining(-1)).toBe('00:00');
  });

  it('shows a fraction as a percent, only until it expires', () => {
    expect(discountPercent(0.1)).toBe(10);
    expect(discountPercent(15)).toBe(15);
    expect(discountPercent(0)).toBeUndefined();
    expect(activeDiscount({ discount: 0.05, expiredTime: 2_000 }, 1_000)).toEqual({
      percent: 5,
      expiresAt: 2_000,
    });
    expect(activeDiscount({ discount: 0.05, expiredTime: 1_000 }, 1_000)).toBeUndefined();
    expect(activeDiscount(null, 0)).toBeUndefined();
  });
});

describe('payment page address', () => {
  const origin = 'https://aposta.example';
  it('frames only pages of our own origin', () => {
    expect(samePaymentUrl('/api/pay/pix/abc', origin)).toBe('/api/pay/pix/abc');
    expect(samePaymentUrl(`${origin}/pay?x=1`, origin)).toBe('/pay?x=1');
    expect(samePaymentUrl('https://evil.example/pay', origin)).toBeUndefined();
    expect(samePaymentUrl('javascript:alert(1)', origin)).toBeUndefined();
    expect(samePaymentUrl('', origin)).toBeUndefined();
  });
});

describe('identity state (decision 0029)', () => {
  it('says approved only when the review approved it; a sent form alone is in review', () => {
    expect(identityState({ kyc: 1, kycState: 'approved' })).toBe('approved');
    expect(identityState({ kyc: 1, kycState: 'pending' })).toBe('pending');
    expect(identityState({ kyc: 0, kycState: 'rejected' })).toBe('rejected');
    // An answer without kycState (an older server): `kyc` 1 is only "sent", never "verified".
    expect(identityState({ kyc: 1 })).toBe('pending');
    expect(identityState({ kyc: 0 })).toBe('none');
    expect(identityState(undefined)).toBeUndefined();
  });
});
