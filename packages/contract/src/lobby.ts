import { type Static, Type } from 'typebox';
import { GameListRecord } from './slots.ts';

// The lobby (issue 34, docs/decisions/0060): what home and /gg show beside the catalogue's lists.

/** A game as the lobby shows it: the catalogue row, whether it is new, and when this player last played it. */
export const LobbyGame = Type.Object({
  ...GameListRecord.properties,
  /** Added to the catalogue in the last 30 days, after its provider's first listing (the launch set). */
  isNew: Type.Boolean(),
  /** When the player last played it (ms since the epoch). */
  playedAt: Type.Integer(),
});
export type LobbyGame = Static<typeof LobbyGame>;

/** GET /api/app/games/recent (ours): the games this player played last, in-house and slots, newest first. */
export const RecentGamesQuery = Type.Object({
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })),
});
export type RecentGamesQuery = Static<typeof RecentGamesQuery>;
export const RecentGamesAnswer = Type.Object({ records: Type.Array(LobbyGame) });
export type RecentGamesAnswer = Static<typeof RecentGamesAnswer>;

/**
 * GET /api/app/games/badges (ours): the codes of the games the lobby marks. New: joined the catalogue in the last
 * 30 days, after its provider's first listing. Hot: the operator's hot marks, and the most played this week (the
 * three in-house games with the most bets, the three slots with the most rounds).
 */
export const GameBadgesAnswer = Type.Object({
  newCodes: Type.Array(Type.String()),
  hotCodes: Type.Array(Type.String()),
});
export type GameBadgesAnswer = Static<typeof GameBadgesAnswer>;
