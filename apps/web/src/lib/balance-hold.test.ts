import { afterEach, describe, expect, it } from 'vitest';
import { holdBalance, patchBalance, withHeldBalances } from './balance-hold';
import { queryClient } from './query-client';
import { type UserInfo, userInfoQueryKey } from './user-info';

// A whole user object as userInfo answers it; each test sets the balances it is about.
const player: UserInfo = {
  uId: 7,
  name: 'Ana',
  username: 'ana@example.com',
  email: 'ana@example.com',
  balance: 0,
  freeBalance: 0,
  payAmount: 0,
  yqm: 'ABC123',
  level: 1,
  header: 0,
  time: 0,
  extendInfo: null,
  paySumAmount: 0,
  wdSumAmount: 0,
  gameSumAmount: 0,
  nextlevel: { gameSumAmount: 100, paySumAmount: 10 },
  payDiscount: null,
  kyc: 0,
  testFlag: '0',
  gamePayAmount: 0,
  addPayAmount: 0,
  lx: '10',
  paypackage: [],
};
const shown = () => queryClient.getQueryData<UserInfo>(userInfoQueryKey);

describe('balance hold (Row Double reveals its result when the wheel stops)', () => {
  afterEach(() => queryClient.clear());

  it('shows a new balance at once when nothing holds it', () => {
    queryClient.setQueryData<UserInfo>(userInfoQueryKey, { ...player, balance: 100, freeBalance: 5 });
    patchBalance({ balance: 90 });
    expect(shown()).toMatchObject({ balance: 90, freeBalance: 5 });
  });

  it('keeps the old balance while held and shows the last one on release', () => {
    queryClient.setQueryData<UserInfo>(userInfoQueryKey, { ...player, balance: 100, freeBalance: 5 });
    const release = holdBalance();
    patchBalance({ balance: 90, freeBalance: 5 });
    patchBalance({ balance: 118 });
    expect(shown()).toMatchObject({ balance: 100, freeBalance: 5 });
    release();
    expect(shown()).toMatchObject({ balance: 118, freeBalance: 5 });
    release();
    expect(shown()).toMatchObject({ balance: 118 });
  });

  it('lets other fields of a patch through while the balances wait', () => {
    queryClient.setQueryData<UserInfo>(userInfoQueryKey, { ...player, balance: 100, level: 1 });
    const release = holdBalance();
    patchBalance({ balance: 50, level: 2 });
    expect(shown()).toMatchObject({ balance: 100, level: 2 });
    release();
    expect(shown()).toMatchObject({ balance: 50, level: 2 });
  });

  it('keeps the shown balances of a whole user object from the socket until the release', () => {
    const current = { ...player, balance: 100, freeBalance: 5 };
    queryClient.setQueryData<UserInfo>(userInfoQueryKey, current);
    const release = holdBalance();
    const stored = withHeldBalances({ ...player, name: 'Ana Maria', balance: 80, freeBalance: 0 }, current);
    expect(stored).toMatchObject({ name: 'Ana Maria', balance: 100, freeBalance: 5 });
    queryClient.setQueryData<UserInfo>(userInfoQueryKey, stored);
    release();
    expect(shown()).toMatchObject({ name: 'Ana Maria', balance: 80, freeBalance: 0 });
  });

  it('waits for the last of two overlapping holds', () => {
    queryClient.setQueryData<UserInfo>(userInfoQueryKey, { ...player, balance: 100 });
    const first = holdBalance();
    const second = holdBalance();
    patchBalance({ balance: 70 });
    first();
    expect(shown()).toMatchObject({ balance: 100 });
    second();
    expect(shown()).toMatchObject({ balance: 70 });
  });
});
