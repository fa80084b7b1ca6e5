import { QueryClient } from '@tanstack/react-query';

// One cache for all server state. No retry (spec.md section 7: retry 0) and no refetch on focus:
// the socket pushes balance changes, and the one-at-a-time queue makes stray refetches costly.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 0, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: 0 },
  },
});
