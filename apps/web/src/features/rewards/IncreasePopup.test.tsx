// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { useRealtime } from '../../lib/realtime-store';
import { useToken } from '../../lib/token';
import IncreasePopup from './IncreasePopup';

beforeAll(async () => {
  // A stored device id spares the browser fingerprint, which happy-dom cannot compute.
  localStorage.setItem('deviceId', 'test-device');
  await initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  useRealtime.setState({ betIncrease: null });
  useToken.setState({ token: null });
});

function fakeServer(answer: { status: number; data: unknown; message?: string }) {
  const receives: (string | null)[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    if (path === '/api/app/main/increase/receive')
      receives.push(new Headers(init?.headers).get('Idempotency-Key'));
    const body = path === '/api/app/main/increase/receive' ? answer : { status: 200, data: null };
    const http = body.status === 200 ? 200 : body.status;
    return Promise.resolve(new Response(JSON.stringify({ message: '', ...body }), { status: http }));
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
  it('counts from the stake to stake × bouns, and RECEBER claims it once and closes', async () => {
    useToken.setState({ token: 'player-token' });
    useRealtime.setState({ betIncrease: { bouns: 1.5, amount: 200 } });
    const receives = fakeServer({ status: 200, data: { balance: 10, freeBalance: 100 } });
    const onClose = vi.fn();
    renderPopup(onClose);
    // spec.md section 9: from 200 to 300 in 2 s, shown with 2 decimals.
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('300,00'), { timeout: 4000 });
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
