import type { SportCode } from '@aposta/sports';
import type { Selectable } from 'kysely';
import type { SportsMatchesTable } from '../../db/schema.generated.ts';
import type { SportCodeColumn } from '../../db/schema.ts';

/**
 * The sportsbook's one declaration of a match row (issue 28): the generated `sports_matches` table type (decision
 * 0036), its sport narrowed to the code of @aposta/sports (the one list of sport codes; the contract and the app
 * import it too). The catalogue's, the feed's and the bet lock's rows are picks of it.
 */
export type MatchRecord = Omit<Selectable<SportsMatchesTable>, 'sport'> & { sport: SportCode };

/** The database's list of sports (the `sports.code` CHECK) is the same set as @aposta/sports's: checked here at compile time. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const DATABASE_SPORTS_MATCH_THE_PACKAGE: Same<SportCodeColumn, SportCode> = true;
