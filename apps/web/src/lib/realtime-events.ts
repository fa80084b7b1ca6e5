import type { OverlayName } from './overlays';
import type { BetIncrease, Notice } from './realtime-store';
import type { UserInfo } from './user-info';

// What each server push does (spec.md section 4, api-contract.md section 7). Pure: the effects are
// passed in, so the thresholds are unit tested without a socket.
export const lowBalanceThreshold = 10;
export const lowFreeBalanceThreshold = 0.51;

export interface RealtimeEffects {
  setUser(user: UserInfo): void;
  patchUser(patch: Partial<UserInfo>): void;
  openOverlay(name: OverlayName): void;
  setNotice(notice: Notice): void;
  setBetIncrease(event: BetIncrease): void;
  /** A deposit was credited; the order's id when the server names it. */
  paySuccess(orderId: number | undefined): void;
}

function numberOrUndefined(value: unknown): number | undefined {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * `czflag` (spec.md section 3): 1 when the balance event is a deposit arriving. The player has just paid, so
 * the low-balance offers stay shut even if the new balance is still small; paySuccess says the rest.
 */
function isRecharge(data: Record<string, unknown>): boolean {
  return numberOrUndefined(data.czflag) === 1;
}

function record(payload: unknown): Record<string, unknown> {
  return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
}

export function createRealtimeHandlers(effects: RealtimeEffects) {
  return {
    // The whole player (it names its uId), or a part of it: a discount change sends `{ payDiscount }` alone to
    // every connected player, which is merged into the player held, like a balance.
    updateUserInfo(payload: unknown) {
      if (typeof payload !== 'object' || payload === null) return;
      if ('uId' in payload) effects.setUser(payload as UserInfo);
      else effects.patchUser(payload as Partial<UserInfo>);
    },
    insBalance(payload: unknown) {
      const data = record(payload);
      const balance = numberOrUndefined(data.balance);
      const freeBalance = numberOrUndefined(data.freeBalance);
      const patch: Partial<UserInfo> = {};
      if (balance !== undefined) patch.balance = balance;
      if (freeBalance !== undefined) patch.freeBalance = freeBalance;
      effects.patchUser(patch);
      if (balance !== undefined && balance < lowBalanceThreshold && !isRecharge(data))
        effects.openOverlay('gameDeposit');
    },
    freeBalance(payload: unknown) {
      const data = record(payload);
      const freeBalance = numberOrUndefined(data.freeBalance);
      if (freeBalance === undefined) return;
      effects.patchUser({ freeBalance });
      if (freeBalance < lowFreeBalanceThreshold && !isRecharge(data)) effects.openOverlay('deposit');
    },
    userBetAmount(payload: unknown) {
      const data = record(payload);
      const bouns = numberOrUndefined(data.bouns);
      const amount = numberOrUndefined(data.amount);
      // The popup only makes sense with both numbers; the event is still remembered either way.
      if (bouns !== undefined && amount !== undefined) effects.setBetIncrease({ bouns, amount });
    },
    notice(payload: unknown) {
      const data = record(payload);
      if (typeof data.content !== 'string' || data.content === '') return;
      effects.setNotice({
        id: typeof data.id === 'number' || typeof data.id === 'string' ? data.id : Date.now(),
        title: typeof data.title === 'string' ? data.title : '',
        content: data.content,
      });
    },
    paySuccess(payload: unknown) {
      effects.paySuccess(numberOrUndefined(record(payload).orderId));
    },
  };
}

export type RealtimeHandlers = ReturnType<typeof createRealtimeHandlers>;
