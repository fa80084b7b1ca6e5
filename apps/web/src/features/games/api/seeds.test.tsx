// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useToken } from '../../../lib/token';
import { envelope, fakeApi, setUpComponentTests } from '../../../test-support';
import { seedsQueryKey, useSeeds } from './seeds';

setUpComponentTests();

function SeedsReader() {
  useSeeds();
  return null;
}

function renderWithFetchSpy() {
  const asked: string[] = [];
  fakeApi((url) => {
    asked.push(url.href);
    return envelope({});
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SeedsReader />
    </QueryClientProvider>,
  );
  return { asked, client };
}

describe('the fairness seeds query', () => {
  it('asks nothing for a guest (no 401 on /verify)', async () => {
    useToken.setState({ token: null });
    const { asked, client } = renderWithFetchSpy();
    // The event: the hook is mounted and its query settled as idle (a fetch would have started on mount).
    await vi.waitFor(() => {
      const query = client.getQueryCache().find({ queryKey: seedsQueryKey });
      expect(query?.getObserversCount()).toBe(1);
      expect(query?.state.fetchStatus).toBe('idle');
    });
    expect(asked.filter((url) => url.includes('/fair/seeds'))).toEqual([]);
  });

  it('asks for the seeds once the player is logged in', async () => {
    useToken.setState({ token: 'a-session-token' });
    const { asked } = renderWithFetchSpy();
    await vi.waitFor(() => expect(asked.some((url) => url.includes('/api/app/fair/seeds'))).toBe(true));
  });
});
