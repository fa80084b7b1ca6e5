import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supportConfigQueryOptions } from '../../lib/chat-store';
import { openOverlay, useOverlayOpen, useOverlays } from '../../lib/overlays';
import { readStorage, storageKeys } from '../../lib/storage';
import { useToken } from '../../lib/token';
import { awardWaiting } from './api/engage';
import { awardCheckDelayMs, skipsAwardCheck } from './online-count';

/**
 * The award check (spec.md sections 2, 6 and 9): 1 s after home loads for a logged-in player, GET userGift;
 * 1 opens the award popup. Skipped when the operator's telegram value names a manager.
 */
export function useAwardCheck(): void {
  const token = useToken((state) => state.token);
  const { data: config, isPending } = useQuery(supportConfigQueryOptions);
  const telegram = config?.telegram;
  useEffect(() => {
    if (!token || isPending || skipsAwardCheck(telegram)) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void awardWaiting().then((waiting) => {
        if (waiting && !cancelled) openOverlay('award');
      });
    }, awardCheckDelayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [token, isPending, telegram]);
}

// Registration opens the second-deposit offer only after it has loaded the player; the mask waits this long
// before looking, so it never opens underneath that offer.
const startMaskDelayMs = 1500;

/**
 * The start mask (spec.md sections 2 and 4): registration sets its flag; home shows it once the
 * second-deposit offer that registration opens is out of the way.
 */
export function useStartMask(): void {
  const token = useToken((state) => state.token);
  const offerOpen = useOverlayOpen('secondDeposit');
  const depositOpen = useOverlayOpen('deposit');
  useEffect(() => {
    if (!token || offerOpen || depositOpen) return;
    if (readStorage(storageKeys.startMask) !== '1') return;
    const timer = setTimeout(() => {
      const { open } = useOverlays.getState();
      if (open.secondDeposit || open.deposit || readStorage(storageKeys.startMask) !== '1') return;
      openOverlay('startMask');
    }, startMaskDelayMs);
    return () => clearTimeout(timer);
  }, [token, offerOpen, depositOpen]);
}
