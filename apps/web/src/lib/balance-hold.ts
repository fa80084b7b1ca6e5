import { patchUserInfo, type UserInfo } from './user-info';

// A game with an animation (Row Double's wheel) must not give the result away before the animation ends: while a
// hold is on, new balances (from the bet's answer or the socket's insBalance / updateUserInfo) wait here and the
// header keeps showing the old one; the last of them is shown when the hold is released.

type Balances = Pick<UserInfo, 'balance' | 'freeBalance'>;

let holds = 0;
let waiting: Partial<Balances> | undefined;

/** Starts holding the shown balance; returns the release (safe to call twice). */
export function holdBalance(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0 && waiting) {
      const patch = waiting;
      waiting = undefined;
      patchUserInfo(patch);
    }
  };
}

export function balanceHeld(): boolean {
  return holds > 0;
}

/** Shows a patch of the player now, except its balances while a hold is on: those wait for the release. */
export function patchBalance(patch: Partial<UserInfo>): void {
  if (holds === 0) {
    patchUserInfo(patch);
    return;
  }
  const { balance, freeBalance, ...rest } = patch;
  if (balance !== undefined) waiting = { ...waiting, balance };
  if (freeBalance !== undefined) waiting = { ...waiting, freeBalance };
  if (Object.keys(rest).length > 0) patchUserInfo(rest);
}

/**
 * A whole user object from the server: everything but the balances is shown now; the balances wait for the hold.
 * Answers the object to store.
 */
export function withHeldBalances(next: UserInfo, current: UserInfo | undefined): UserInfo {
  if (holds === 0 || !current) return next;
  waiting = { ...waiting, balance: next.balance, freeBalance: next.freeBalance };
  return { ...next, balance: current.balance, freeBalance: current.freeBalance };
}
