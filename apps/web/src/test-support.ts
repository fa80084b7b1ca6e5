import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { useToken } from './lib/token';

/**
 * What every component test (happy-dom) starts and ends with: texts loaded, and after each test the page, the
 * fake API, the query cache and the session cleared, so no test sees another's state.
 */
export function setUpComponentTests(): void {
  beforeAll(async () => {
    // A stored device id spares the browser fingerprint, which happy-dom cannot compute.
    localStorage.setItem('deviceId', 'test-device');
    await initI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    queryClient.clear();
    useToken.setState({ token: null });
  });
}

/** The server a component test talks to: every request of the app goes to `answer`, until the test ends. */
export function fakeApi(answer: (url: URL, init?: RequestInit) => Response | Promise<Response>): void {
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) =>
    answer(new URL(String(input), 'http://localhost'), init),
  );
}

/** An answer in the API's envelope (api-contract.md section 1); a refusal carries its code as the HTTP status. */
export function envelope(data: unknown, status = 200, message = ''): Response {
  return new Response(JSON.stringify({ status, message, data }), { status });
}
