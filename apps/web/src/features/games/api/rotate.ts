import type { RotateAnswer, RotateBody } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';
import { queryClient } from '../../../lib/query-client';
import { betsQueryScope } from './bets';
import { seedsQueryKey } from './seeds';

// POST /api/app/fair/rotate: reveals the current server seed and starts the next pair (409 while a
// mines game is open). `revealed.nonce` is how many bets used the revealed seed.
export type { RotateAnswer };

export async function rotateSeeds(clientSeed: string | undefined): Promise<RotateAnswer> {
  const body: RotateBody = clientSeed ? { clientSeed } : {};
  const answer = await playerApi('POST /api/app/fair/rotate', { body });
  queryClient.setQueryData(seedsQueryKey, answer.current);
  // The bets made with the revealed pair now carry its server seed: their verifier links fill in completely.
  void queryClient.invalidateQueries({ queryKey: betsQueryScope });
  return answer;
}
