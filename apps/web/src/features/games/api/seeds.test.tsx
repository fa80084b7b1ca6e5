// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useToken } from '../../../lib/token';
import { envelope, fakeApi, setUpComponentTests } from '../../../test-support';
import { useSeeds } from './seeds';

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
