import { closeOverlays, openOverlay } from './overlays';
import { playerApi } from './player-api';
import { queryClient } from './query-client';
import { useRealtime } from './realtime-store';
import { closeSocket } from './socket';
import { clearStorage } from './storage';
import { forgetToken, storeToken } from './token';
import { userQueryScope } from './user-info';

// Overlays that only make sense for the session that opened them (spec.md section 4: a login-state
// change clears the low-balance and bonus overlays).
const sessionOverlays = [
  'gameDeposit',
  'secondDeposit',
  'increase',
  'deposit',
  'withdraw',
  'editBank',
  'myPanel',
  'testAccount',
  'changePassword',
  'award',
  'startMask',
  'faceRecheck',
] as const;

export function startSession(token: string): void {
  closeOverlays(sessionOverlays);
  storeToken(token);
}

/**
 * Ends the session on this device: clears all local storage, empties the token, closes the
 * socket, drops the player's cached data and opens the login overlay. The server is not called:
 * this is also what a 401 does, when the token is already dead.
 */
export function clearSession(): void {
  clearStorage();
  forgetToken();
  closeSocket();
  queryClient.removeQueries({ queryKey: userQueryScope });
  useRealtime.setState({ betIncrease: null });
  closeOverlays(sessionOverlays);
  openOverlay('login');
}

/** POST /api/auth/user/logout revokes the token server-side, then the device forgets it. */
export async function logout(): Promise<void> {
  try {
    await playerApi('POST /api/auth/user/logout', { silent: true });
  } catch {
    // Logging out must always succeed locally, even offline or with an expired token.
  }
  clearSession();
}
