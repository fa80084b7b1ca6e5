// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { useRealtime } from '../../lib/realtime-store';
import { useToken } from '../../lib/token';
import { envelope, fakeApi, setUpComponentTests } from '../../test-support';
import IncreasePopup from './IncreasePopup';

setUpComponentTests();

afterEach(() => {
  useRealtime.setState({ betIncrease: null });
});

function fakeServer(answer: { status: number; data: unknown; message?: string }) {
  const receives: (string | null)[] = [];
  fakeApi(({ pathname: path }, init) => {
    if (path !== '/api/app/main/increase/receive') return envelope(null);
    receives.push(new Headers(init?.headers).get('Idempotency-Key'));
    return envelope(answer.data, answer.status, answer.message);
  });
  return receives;
}

function renderPopup(onClose: () => void) {
  render(
    <QueryClientProvider client={queryClient}>
      <IncreasePopup visible onClose={onClose} />
    </QueryClientProvider>,
  );
}

describe('the increase reward popup', () => {
  it('counts up to exactly what is credited, in R$, and RECEBER claims it once and closes', async () => {
    useToken.setState({ token: 'player-token' });
    useRealtime.setState({ betIncrease: { bouns: 1.05, amount: 220 } });
    const receives = fakeServer({ status: 200, data: { balance: 10, freeBalance: 100 } });
    const onClose = vi.fn();
    renderPopup(onClose);
    // Issue 27: R$ 220 staked at bouns 1.05 credits R$ 11,00, and that is the figure the count ends on.
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('R$ 11,00'), {
      timeout: 4000,
    });
    expect(screen.getByText('5% de R$ 220,00 apostados')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'RECEBER' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(receives).toHaveLength(1);
    expect(receives[0]).toBeTruthy();
    expect(useRealtime.getState().betIncrease).toBeNull();
  });

  it('a refusal (nothing left to receive) closes the popup too', async () => {
    useToken.setState({ token: 'player-token' });
    useRealtime.setState({ betIncrease: { bouns: 1.05, amount: 100 } });
    fakeServer({ status: 409, data: null, message: 'Nada para receber' });
    const onClose = vi.fn();
    renderPopup(onClose);
    await userEvent.setup().click(screen.getByRole('button', { name: 'RECEBER' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(useRealtime.getState().betIncrease).toBeNull();
  });
});
