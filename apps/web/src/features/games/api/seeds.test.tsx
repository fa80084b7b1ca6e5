// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToken } from '../../../lib/token';
import { useSeeds } from './seeds';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToken.setState({ token: null });
});

function SeedsReader() {
  useSeeds();
  return null;
}

function renderWithFetchSpy() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(String(url));
    return Promise.resolve(new Response(JSON.stringify({ status: 200, message: '', data: {} })));
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SeedsReader />
    </QueryClientProvider>,
  );
  return asked;
}

describe('the fairness seeds query', () => {
  it('asks nothing for a guest (no 401 on /verify)', async () => {
    useToken.setState({ token: null });
    const asked = renderWithFetchSpy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.filter((url) => url.includes('/fair/seeds'))).toEqual([]);
  });

  it('asks for the seeds once the player is logged in', async () => {
    useToken.setState({ token: 'a-session-token' });
    const asked = renderWithFetchSpy();
    await vi.waitFor(() => expect(asked.some((url) => url.includes('/api/app/fair/seeds'))).toBe(true));
  });
});
