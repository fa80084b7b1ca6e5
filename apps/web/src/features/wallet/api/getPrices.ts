import type { PricePackage } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/order/getPrices?curreny=: the price packages; no query gives the deposit page's list,
// INSBRL the low-balance offer's.
export type PriceList = 'INSBRL' | 'EXPPAY' | undefined;

export function fetchPrices(curreny: PriceList): Promise<PricePackage[]> {
  // An order call: failures are swallowed (spec.md section 8); the page falls back to userInfo.paypackage.
  return playerApi('GET /api/app/order/getPrices', { query: { curreny }, silent: true, loading: false });
}

export function pricesQueryOptions(curreny: PriceList) {
  return queryOptions({
    // Under 'user' so logout drops it with the rest of the player's data.
    queryKey: ['user', 'wallet', 'prices', curreny ?? 'default'],
    queryFn: () => fetchPrices(curreny),
    staleTime: 5 * 60_000,
  });
}

export function usePrices(curreny: PriceList, enabled: boolean) {
  return useQuery({ ...pricesQueryOptions(curreny), enabled });
}
