// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { envelope, fakeApi, setUpComponentTests } from '../test-support';
import { queryClient } from './query-client';
import { useToken } from './token';
import { fetchUserInfo, reloadUserInfo, userInfoQueryKey } from './user-info';

setUpComponentTests();

describe('reloadUserInfo', () => {
  it('answers from a request made after the change, not from a fetch already in flight', async () => {
    useToken.setState({ token: 'player-token' });
    let kyc = 0;
    let releaseFirst: () => void = () => undefined;
    let calls = 0;
    fakeApi(async () => {
      calls += 1;
      const answer = envelope({ uId: 100001, kyc });
      // The first request (made before the KYC passed) answers late.
      if (calls === 1) await new Promise<void>((resolve) => (releaseFirst = resolve));
      return answer;
    });
    const inFlight = queryClient
      .fetchQuery({ queryKey: userInfoQueryKey, queryFn: fetchUserInfo })
      .catch(() => null);
    await expect.poll(() => calls).toBe(1);
    kyc = 1;
    const reloaded = reloadUserInfo();
    releaseFirst();
    expect((await reloaded).kyc).toBe(1);
    await inFlight;
    expect(queryClient.getQueryData<{ kyc: number }>(userInfoQueryKey)?.kyc).toBe(1);
  });
});
