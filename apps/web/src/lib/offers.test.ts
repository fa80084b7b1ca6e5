import { beforeEach, describe, expect, it } from 'vitest';
import {
  type ArbiterState,
  bonusesOffered,
  judgeOffer,
  requestOffer,
  resetOffers,
  rewardClaimStarted,
  setOnGamePage,
} from './offers';
import { useOverlays } from './overlays';

const calm: ArbiterState = {
  open: {},
  autoOpened: new Set(),
  claiming: 0,
  quietUntil: 0,
  onGamePage: false,
  now: 1_000,
};

describe('the offer arbiter', () => {
  beforeEach(() => {
    resetOffers();
    useOverlays.getState().closeAll();
  });

  it('opens an offer when nothing else is on screen', () => {
    expect(judgeOffer('gameDeposit', calm)).toEqual({ kind: 'open' });
  });

  it('never stacks: a second offer is dropped, unless it is stronger than one that opened by itself', () => {
    expect(judgeOffer('gameDeposit', { ...calm, open: { deposit: true } })).toMatchObject({ kind: 'drop' });
    expect(judgeOffer('deposit', { ...calm, open: { secondDeposit: true } })).toMatchObject({ kind: 'drop' });
    expect(
      judgeOffer('secondDeposit', {
        ...calm,
        open: { gameDeposit: true },
        autoOpened: new Set(['gameDeposit']),
      }),
    ).toEqual({ kind: 'open', replace: 'gameDeposit' });
    // The deposit page the player opened himself is never replaced.
    expect(judgeOffer('secondDeposit', { ...calm, open: { deposit: true } })).toMatchObject({ kind: 'drop' });
  });

  it('keeps away from a reward: while it is claimed, for its toast after, and over the reward popups', () => {
    expect(judgeOffer('gameDeposit', { ...calm, claiming: 1 })).toMatchObject({
      kind: 'drop',
      reason: 'reward',
    });
    expect(judgeOffer('gameDeposit', { ...calm, quietUntil: 2_000 })).toMatchObject({ kind: 'drop' });
    expect(judgeOffer('deposit', { ...calm, open: { increase: true } })).toMatchObject({ kind: 'drop' });
    expect(judgeOffer('deposit', { ...calm, open: { award: true } })).toMatchObject({ kind: 'drop' });
  });

  it('waits on a game page and shows the offer when the player leaves it, if still wanted', () => {
    setOnGamePage(true);
    expect(requestOffer('gameDeposit')).toBe(false);
    expect(useOverlays.getState().open.gameDeposit).toBeUndefined();
    setOnGamePage(false);
    expect(useOverlays.getState().open.gameDeposit).toBe(true);

    useOverlays.getState().closeAll();
    setOnGamePage(true);
    requestOffer('gameDeposit', () => false);
    setOnGamePage(false);
    expect(useOverlays.getState().open.gameDeposit).toBeUndefined();
  });

  it('a low-balance push during a check-in claim opens nothing', () => {
    const end = rewardClaimStarted();
    expect(requestOffer('gameDeposit')).toBe(false);
    end();
    expect(requestOffer('gameDeposit')).toBe(false);
    expect(useOverlays.getState().open).toEqual({});
  });
});

describe('rewards offered by the regulatory profile (decision 0036)', () => {
  it('offers none under the Brazilian licence, and offers them otherwise', () => {
    expect(bonusesOffered('br-licensed')).toBe(false);
    expect(bonusesOffered('open')).toBe(true);
    expect(bonusesOffered(undefined)).toBe(true);
  });
});
