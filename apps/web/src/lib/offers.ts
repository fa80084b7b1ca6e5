import { useQuery } from '@tanstack/react-query';
import { supportConfigQueryOptions } from './chat-store';
import { type OverlayName, useOverlays } from './overlays';

// The one arbiter of the deposit offers that open by themselves (issue 27, docs/decisions/0028): the
// second-deposit offer after registration, the deposit page on a bonus balance gone (freeBalance push) and the
// low-balance offer (insBalance push). At most one is on screen; none opens over a reward being claimed or just
// claimed (its toast), over an award or increase popup, or over a game page's result. The player's own taps
// (the header's Depositar, a refused bet) open the deposit page directly and never come through here.

/**
 * Whether rewards and bonuses are offered at all: not under the Brazilian licence (Lei 14.790/2023 art. 29;
 * decisions 0025 and 0036), where the server refuses every claim (sign-in, awards, activities, the increase, VIP
 * rewards, commissions) and the app shows none of them. The server tells the profile (GET /api/app/main/config).
 */
export const bonusesOffered = (profile: string | undefined): boolean => profile !== 'br-licensed';

/** `bonusesOffered` for the profile the server told. */
export function useBonusesOffered(): boolean {
  return bonusesOffered(useQuery(supportConfigQueryOptions).data?.regulatoryProfile);
}

export type OfferName = 'secondDeposit' | 'deposit' | 'gameDeposit';
export const offerNames: readonly OfferName[] = ['secondDeposit', 'deposit', 'gameDeposit'];

/** A stronger offer replaces a weaker one opened by itself; the registration's offer is the strongest. */
const rank: Record<OfferName, number> = { secondDeposit: 3, deposit: 2, gameDeposit: 1 };
/** Popups that show the player a reward: no offer goes over them. */
const rewardPopups: readonly OverlayName[] = ['award', 'increase'];
/** After a reward is received, its toast (1.5 s) and a breath after it stay clear of offers. */
export const rewardQuietMs = 4000;

export interface OfferRequest {
  name: OfferName;
  /** Asked again when a deferred offer's moment comes: is the reason for it still true (balance still low)? */
  stillWanted(): boolean;
}

export interface ArbiterState {
  /** The offers and reward popups open now. */
  open: Partial<Record<OverlayName, true>>;
  /** Offers opened by this arbiter (a stronger one may replace them). */
  autoOpened: ReadonlySet<OfferName>;
  claiming: number;
  quietUntil: number;
  onGamePage: boolean;
  now: number;
}

export type Verdict =
  | { kind: 'open'; replace?: OfferName }
  | { kind: 'drop'; reason: 'offerOpen' | 'reward' }
  | { kind: 'defer' };

/** Pure: what to do with an offer asked for now. Unit tested. */
export function judgeOffer(name: OfferName, state: ArbiterState): Verdict {
  // A reward being claimed, just claimed or on screen: an upsell now would cover it (and would be about the
  // reward's own balance push). Dropped, not deferred: the reward is not a reason to sell a deposit.
  if (state.claiming > 0 || state.now < state.quietUntil) return { kind: 'drop', reason: 'reward' };
  if (rewardPopups.some((popup) => state.open[popup])) return { kind: 'drop', reason: 'reward' };
  const shown = offerNames.find((offer) => state.open[offer]);
  if (shown) {
    if (shown !== name && state.autoOpened.has(shown) && rank[name] > rank[shown]) {
      return { kind: 'open', replace: shown };
    }
    return { kind: 'drop', reason: 'offerOpen' };
  }
  // A game page shows the round's result: the offer waits until the player leaves the page.
  if (state.onGamePage) return { kind: 'defer' };
  return { kind: 'open' };
}

let claiming = 0;
let quietUntil = 0;
let onGamePage = false;
let pending: OfferRequest | undefined;
const autoOpened = new Set<OfferName>();

function state(): ArbiterState {
  return { open: useOverlays.getState().open, autoOpened, claiming, quietUntil, onGamePage, now: Date.now() };
}

/** Asks for an offer; answers whether it opened. */
export function requestOffer(name: OfferName, stillWanted: () => boolean = () => true): boolean {
  const verdict = judgeOffer(name, state());
  if (verdict.kind === 'defer') {
    if (!pending || rank[name] >= rank[pending.name]) pending = { name, stillWanted };
    return false;
  }
  if (verdict.kind === 'drop') return false;
  const overlays = useOverlays.getState();
  if (verdict.replace) overlays.closeOverlay(verdict.replace);
  autoOpened.add(name);
  overlays.openOverlay(name);
  return true;
}

/** The address changed: on a game page offers wait; leaving it shows the one that waited, if still wanted. */
export function setOnGamePage(value: boolean): void {
  onGamePage = value;
  if (value || !pending) return;
  const waiting = pending;
  pending = undefined;
  if (waiting.stillWanted()) requestOffer(waiting.name, waiting.stillWanted);
}

/**
 * A reward claim starts (sign-in, award, VIP, increase): offers stay away while it runs (its balance push would
 * ask for the low-balance offer) and until its toast has been read. Answers the end of the claim (safe to call
 * twice).
 */
export function rewardClaimStarted(): () => void {
  claiming += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    claiming -= 1;
    quietUntil = Math.max(quietUntil, Date.now() + rewardQuietMs);
    pending = undefined;
  };
}

/** Runs a reward claim's call with offers kept away (see rewardClaimStarted). */
export async function duringRewardClaim<T>(claim: () => Promise<T>): Promise<T> {
  const end = rewardClaimStarted();
  try {
    return await claim();
  } finally {
    end();
  }
}

// Keep the bookkeeping in step with the overlay store: an offer closed by anyone is no longer auto-opened.
useOverlays.subscribe((next, previous) => {
  for (const name of offerNames) {
    if (!next.open[name] && previous.open[name]) autoOpened.delete(name);
  }
});

/** For tests: forget everything. */
export function resetOffers(): void {
  claiming = 0;
  quietUntil = 0;
  onGamePage = false;
  pending = undefined;
  autoOpened.clear();
}
