import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { takeGameCode } from '../lib/game-session';
import { setOnGamePage } from '../lib/offers';
import { openOverlay } from '../lib/overlays';
import { closeSocket, emitOffGame, openSocket } from '../lib/socket';
import { readStorage, storageKeys, writeStorage } from '../lib/storage';
import { useToken } from '../lib/token';
import { useUserInfo } from '../lib/user-info';
import { realtimeHandlers } from './realtime';
import { isGamePath, isPlayPath } from './route-match';

/**
 * The socket follows the session and the address (spec.md section 4): open with a token outside
 * play pages, closed otherwise. Leaving a game page reports offGame with the stored game code.
 */
export function useRealtimeConnection(): void {
  const { pathname } = useLocation();
  const token = useToken((state) => state.token);
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (token && !isPlayPath(pathname)) void openSocket(token, realtimeHandlers);
    else closeSocket();
    // A game page shows its results: offers wait until the player leaves it (docs/decisions/0028).
    setOnGamePage(isGamePath(pathname));
    const left = previousPath.current;
    previousPath.current = pathname;
    if (left !== pathname && isGamePath(left)) {
      const gameCode = takeGameCode(left);
      if (gameCode) emitOffGame(gameCode);
    }
  }, [pathname, token]);
}

/** A test account sees its credentials popup once (spec.md section 6). */
export function useTestAccountNotice(): void {
  const { data: user } = useUserInfo();
  const isTest = user?.testFlag === '1';
  useEffect(() => {
    if (!isTest || readStorage(storageKeys.testAccountShown) === '1') return;
    writeStorage(storageKeys.testAccountShown, '1');
    openOverlay('testAccount');
  }, [isTest]);
}
