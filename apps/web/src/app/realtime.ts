import i18next from 'i18next';
import { rgEventHandlers } from '../features/rg/realtime';
import { sportsEventHandlers } from '../features/sports/realtime';
import { trackerEventHandlers } from '../features/sports/tracker/realtime';
import { supportEventHandlers } from '../features/support/realtime';
import { patchBalance, withHeldBalances } from '../lib/balance-hold';
import { gameEventHandlers } from '../lib/game-events';
import { requestOffer } from '../lib/offers';
import { openOverlay } from '../lib/overlays';
import { firstAnnouncement } from '../lib/paid-orders';
import { queryClient } from '../lib/query-client';
import { createRealtimeHandlers, lowBalanceThreshold, lowFreeBalanceThreshold } from '../lib/realtime-events';
import { useRealtime } from '../lib/realtime-store';
import { showToast } from '../lib/ui';
import { type UserInfo, userInfoQueryKey } from '../lib/user-info';
import { closeAllOverlaysAndDialogs } from './overlay-control';
import { router } from './router';

/** The player's balance as the header shows it now (Infinity when unknown: no reason for an offer). */
function currentBalance(which: 'balance' | 'freeBalance'): number {
  return queryClient.getQueryData<UserInfo>(userInfoQueryKey)?.[which] ?? Number.POSITIVE_INFINITY;
}

/** The socket's events wired to the cache, the overlays and the realtime store. */
export const realtimeHandlers = createRealtimeHandlers({
  // Balances go through the hold: a game still animating its result shows them when the animation ends.
  setUser: (user) =>
    queryClient.setQueryData<UserInfo>(userInfoQueryKey, (old) => withHeldBalances({ ...old, ...user }, old)),
  patchUser: patchBalance,
  // The pushes' offers (low balance, bonus gone) go through the one offer arbiter (docs/decisions/0028).
  openOverlay(name) {
    if (name === 'gameDeposit') requestOffer(name, () => currentBalance('balance') < lowBalanceThreshold);
    else if (name === 'deposit')
      requestOffer(name, () => currentBalance('freeBalance') < lowFreeBalanceThreshold);
    else openOverlay(name);
  },
  setNotice: (notice) => useRealtime.getState().setNotice(notice),
  setBetIncrease(event) {
    useRealtime.getState().setBetIncrease(event);
    openOverlay('increase');
  },
  paySuccess(orderId) {
    // The payment page's poll may have announced it already (features/wallet/use-payment.ts).
    if (!firstAnnouncement(orderId)) return;
    closeAllOverlaysAndDialogs();
    void showToast(i18next.t('common:messages.paySuccess'));
    void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
  },
});

// The sportsbook's live odds, scores and settlements (api-contract.md section 11).
Object.assign(realtimeHandlers, sportsEventHandlers);
// The live match tracker's events (api-contract.md section 19).
Object.assign(realtimeHandlers, trackerEventHandlers);

// The round games' live rounds and bets (api-contract.md section 10), for the game pages listening.
Object.assign(realtimeHandlers, gameEventHandlers);

// The support chat's replies and typing hint (api-contract.md section 16).
Object.assign(realtimeHandlers, supportEventHandlers);

// The reality check of responsible gambling (api-contract.md section 17): continue, or stop and go home.
Object.assign(
  realtimeHandlers,
  rgEventHandlers(() => void router.navigate('/home')),
);
