import { describe, expect, it, vi } from 'vitest';
import { patchBalance } from './balance-hold';
import { queryClient } from './query-client';
import { createRealtimeHandlers, type RealtimeEffects } from './realtime-events';
import { type UserInfo, userInfoQueryKey } from './user-info';

function setup() {
  const effects = {
    setUser: vi.fn(),
    patchUser: vi.fn(),
    openOverlay: vi.fn(),
    setNotice: vi.fn(),
    setBetIncrease: vi.fn(),
    paySuccess: vi.fn(),
  } satisfies RealtimeEffects;
  return { effects, handlers: createRealtimeHandlers(effects) };
}

describe('realtime handlers', () => {
  it('patches the balance and offers the game deposit below 10', () => {
    const { effects, handlers } = setup();
    handlers.insBalance({ balance: 25, freeBalance: 1 });
    expect(effects.patchUser).toHaveBeenLastCalledWith({ balance: 25, freeBalance: 1 });
    expect(effects.openOverlay).not.toHaveBeenCalled();
    handlers.insBalance({ balance: 9.99, freeBalance: 0 });
    expect(effects.openOverlay).toHaveBeenCalledWith('gameDeposit');
  });

  it('opens the deposit overlay when the free balance drops below 0.51', () => {
    const { effects, handlers } = setup();
    handlers.freeBalance({ freeBalance: 0.51 });
    expect(effects.openOverlay).not.toHaveBeenCalled();
    handlers.freeBalance({ freeBalance: 0.5 });
    expect(effects.openOverlay).toHaveBeenCalledWith('deposit');
  });

  it('keeps the low-balance offers shut when the event is a deposit arriving (czflag 1)', () => {
    const { effects, handlers } = setup();
    handlers.insBalance({ balance: 5, freeBalance: 0, czflag: 1 });
    handlers.freeBalance({ freeBalance: 0, czflag: 1 });
    expect(effects.patchUser).toHaveBeenCalledWith({ balance: 5, freeBalance: 0 });
    expect(effects.openOverlay).not.toHaveBeenCalled();
    handlers.insBalance({ balance: 5, freeBalance: 0, czflag: 0 });
    expect(effects.openOverlay).toHaveBeenCalledWith('gameDeposit');
  });

  it('shows the increase popup only when both bouns and amount are present', () => {
    const { effects, handlers } = setup();
    handlers.userBetAmount({ amount: 10 });
    expect(effects.setBetIncrease).not.toHaveBeenCalled();
    handlers.userBetAmount({ amount: '10', bouns: 1.5 });
    expect(effects.setBetIncrease).toHaveBeenCalledWith({ amount: 10, bouns: 1.5 });
  });

  it('keeps a notice with content and ignores an empty one', () => {
    const { effects, handlers } = setup();
    handlers.notice({ id: 3, title: 'Aviso', content: '' });
    expect(effects.setNotice).not.toHaveBeenCalled();
    handlers.notice({ id: 3, title: 'Aviso', content: 'Manutenção às 3h' });
    expect(effects.setNotice).toHaveBeenCalledWith({ id: 3, title: 'Aviso', content: 'Manutenção às 3h' });
  });

  it('merges a partial updateUserInfo (a discount change sends payDiscount alone) into the player it holds', () => {
    const { effects, handlers } = setup();
    const payDiscount = { discount: 0.15, expiredTime: 1_900_000_000_000 };
    handlers.updateUserInfo({ payDiscount });
    expect(effects.setUser).not.toHaveBeenCalled();
    expect(effects.patchUser).toHaveBeenCalledWith({ payDiscount });
    handlers.updateUserInfo({ uId: 7, balance: 3, payDiscount: null });
    expect(effects.setUser).toHaveBeenCalledWith({ uId: 7, balance: 3, payDiscount: null });

    // The app's patch keeps the rest of the player: the deposit page reads the new offer and the same balance.
    queryClient.setQueryData(userInfoQueryKey, {
      uId: 7,
      balance: 3,
      payDiscount: null,
    } as unknown as UserInfo);
    createRealtimeHandlers({ ...effects, patchUser: patchBalance }).updateUserInfo({ payDiscount });
    expect(queryClient.getQueryData(userInfoQueryKey)).toEqual({ uId: 7, balance: 3, payDiscount });
  });
});
