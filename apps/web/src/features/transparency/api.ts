import type { TransparencyPeriod } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { playerApi, playerPath } from '../../lib/player-api';
import { currentToken } from '../../lib/token';

/** GET /api/app/transparency: the player's own figures for one kind of period (decision 0053). */
export function useTransparency(period: TransparencyPeriod, enabled = true) {
  return useQuery({
    queryKey: ['user', 'transparency', period],
    queryFn: () =>
      playerApi('GET /api/app/transparency', { query: { period }, silent: true, loading: false }),
    enabled,
  });
}

/** GET /api/app/rg/limits: the limits the page shows (read here: a feature does not import another's calls). */
export function useLimits() {
  return useQuery({
    queryKey: ['user', 'transparency', 'limits'],
    queryFn: () => playerApi('GET /api/app/rg/limits', { silent: true, loading: false }),
  });
}

/**
 * GET /api/app/tax/statement/download: the year's winnings-tax statement as the server's CSV (decision 0057),
 * saved by the browser. A plain link cannot carry the session token, so the file is fetched and handed over.
 */
export async function downloadTaxStatement(year: number): Promise<void> {
  const token = currentToken();
  const path = `${playerPath('GET /api/app/tax/statement/download')}?year=${year}`;
  const response = await fetch(path, { headers: token ? { Authorization: token } : {} });
  if (!response.ok) throw new Error(`statement download: HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `informe-apostas-${year}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
