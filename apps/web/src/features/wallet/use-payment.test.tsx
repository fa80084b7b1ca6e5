// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstAnnouncement } from '../../lib/paid-orders';
import { envelope, fakeApi, setUpComponentTests } from '../../test-support';
import { PAYMENT_POLL_MS, usePayment } from './use-payment';

setUpComponentTests();
afterEach(() => {
  vi.useRealTimers();
});

const pkg = { pkgId: 3, price: 100, gift: 15 } as unknown as Parameters<
  ReturnType<typeof usePayment>['start']
>[0];

/** A server whose order 41 is paid once `paid()` is called; it counts the status checks. */
function depositServer() {
  let paid = false;
  let checks = 0;
  fakeApi((url) => {
    if (url.pathname === '/api/app/order/prePay/3')
      return envelope({ orderId: 41, payNo: 'P41', url: `${window.location.origin}/api/pay/page/41` });
    if (url.pathname === '/api/app/order/getStatus/41') {
      checks += 1;
      return envelope({ status: paid ? '10' : '00' });
    }
    if (url.pathname === '/api/app/user/info') return envelope({ balance: 100, freeBalance: 0 });
    return envelope(null);
  });
  return { pay: () => (paid = true), checks: () => checks };
}

describe('usePayment', () => {
  it('closes the payment page by its own check when the paySuccess push never arrives, and says it once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = depositServer();
    const onPaid = vi.fn();
    const { result } = renderHook(() => usePayment({ depositPage: true, onPaid }));
    await act(() => result.current.start(pkg, 1));
    expect(result.current.phase).toBe('open');

    // Not paid yet: the page stays open and nothing is announced.
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(server.checks()).toBeGreaterThan(0);
    expect(onPaid).not.toHaveBeenCalled();
    expect(result.current.phase).toBe('open');

    // Paid at the PSP, the push lost: the next check closes the page.
    server.pay();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(result.current.phase).toBe('idle');
    // The late push of the same order announces nothing again.
    expect(firstAnnouncement(41)).toBe(false);

    // Closed: no more checks.
    const checks = server.checks();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(server.checks()).toBe(checks);
  });
});
