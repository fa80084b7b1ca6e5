// Query keys of the sportsbook. The catalogue is public; a player's bets start with 'user' so logout
// drops them with every other user-scoped query.
export const sportsQueryScope = ['sports'] as const;
export const sportsListQueryKey = ['sports', 'list'] as const;
export const matchesQueryScope = ['sports', 'matches'] as const;
export const matchQueryScope = ['sports', 'match'] as const;
export const betsQueryScope = ['user', 'sports', 'bets'] as const;

export const matchesQueryKey = (sport: string, live: 0 | 1) => [...matchesQueryScope, sport, live] as const;
export const matchQueryKey = (matchId: number) => [...matchQueryScope, matchId] as const;
export const betsQueryKey = (status: 'open' | 'settled') => [...betsQueryScope, status] as const;
