import type { GameBadgesAnswer, GameListRecord } from '@aposta/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../lib/player-api';

// The lobby's lists (issue 34, docs/decisions/0060), for home and /gg: the badges (new, hot), the games this
// player played last (in-house and slots), and the catalogue searched by name and narrowed by provider.
const quiet = { silent: true, loading: false } as const;

export type LobbyKind = 'ALL' | 'SELF' | 'PG' | 'EVO' | 'BG';
export const lobbyKinds: readonly LobbyKind[] = ['ALL', 'SELF', 'PG', 'EVO', 'BG'];

export interface Badges {
  isNew(code: string): boolean;
  isHot(code: string): boolean;
}

const noBadges: GameBadgesAnswer = { newCodes: [], hotCodes: [] };

/** The new and hot marks, the same for everyone (counted by the server once a minute). */
export function useBadges(): Badges {
  const { data } = useQuery({
    queryKey: ['lobby', 'badges'],
    queryFn: () => playerApi('GET /api/app/games/badges', quiet),
    staleTime: 60_000,
  });
  const { newCodes, hotCodes } = data ?? noBadges;
  return { isNew: (code) => newCodes.includes(code), isHot: (code) => hotCodes.includes(code) };
}

/** Tiles in the recently played row. */
export const recentRowSize = 10;

/** Asked again each time the page shows, so a game just played is first when the player comes back. */
export function useRecentGames(token: string | null) {
  return useQuery({
    queryKey: ['lobby', 'recent', token],
    queryFn: () => playerApi('GET /api/app/games/recent', { ...quiet, query: { size: recentRowSize } }),
    enabled: Boolean(token),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** Results a search shows at once (the catalogue is small; /gg pages through all of it). */
export const searchSize = 30;

/** The catalogue's games of a kind whose name holds `q`; asked only while the player narrows the list. */
export function useLobbySearch(kind: LobbyKind, q: string) {
  const active = kind !== 'ALL' || q !== '';
  return useQuery({
    queryKey: ['lobby', 'search', kind, q],
    queryFn: () =>
      playerApi('GET /api/app/game/list', {
        ...quiet,
        query: {
          productCode: kind === 'ALL' ? undefined : kind,
          q: q || undefined,
          page: 1,
          size: searchSize,
        },
      }),
    enabled: active,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Where a game opens: an in-house game its own page (/dice, /crash…), a slot /play; the game rides as the query. */
export function gamePath(game: Pick<GameListRecord, 'value' | 'productCode' | 'gameType' | 'name'>): string {
  if (game.gameType !== 'SLOT' && /^[A-Za-z][A-Za-z0-9]{0,31}$/.test(game.gameType)) {
    const query = new URLSearchParams({
      value: game.value,
      productCode: game.productCode,
      gameType: game.gameType,
      name: game.name,
    });
    return `/${game.gameType}?${query}`;
  }
  const query = new URLSearchParams({ productCode: game.productCode, value: game.value, name: game.name });
  return `/play?${query}`;
}
