import { http } from '../../../lib/http';
import { queryClient } from '../../../lib/query-client';
import { betsQueryScope } from './bets';
import { type Seeds, seedsQueryKey } from './seeds';

// POST /api/app/fair/rotate: reveals the current server seed and starts the next pair (409 while a
// mines game is open). `revealed.nonce` is how many bets used the revealed seed.
export interface RotateAnswer {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
  current: Seeds;
}

export async function rotateSeeds(clientSeed: string | undefined): Promise<RotateAnswer> {
  const answer = await http.post<RotateAnswer>('/api/app/fair/rotate', clientSeed ? { clientSeed } : {});
  queryClient.setQueryData(seedsQueryKey, answer.current);
  // The bets made with the revealed pair now carry its server seed: their verifier links fill in completely.
  void queryClient.invalidateQueries({ queryKey: betsQueryScope });
  return answer;
}
