import { readStorage, storageKeys, writeStorage } from './storage';

// The deviceId header: a browser fingerprint from the open-source FingerprintJS, computed
// locally (monitoring off, so no network call), cached in local storage and in memory.
//
// Computing it is the heaviest work of a first visit (a 15 KB chunk and about 1.5 s of main thread on a slow
// phone), so it never runs on the way to the first paint or the first call (docs/decisions/0011): it is
// computed when the browser is idle once the player opens the sign-in or sign-up form, and only the calls
// whose answer depends on it wait for it. Every other call carries it once it is known.
let pending: Promise<string> | undefined;
let known: string | undefined;

/**
 * The calls the server reads the device from (login trust and the sign-up's device record, see the API's
 * trusted-devices.ts): they wait for the fingerprint; a different id there would make a known device a new one.
 */
const callsNeedingDeviceId = new Set(['/api/auth/user/restLogin', '/api/auth/user/restRegister']);

export function needsDeviceId(path: string): boolean {
  return callsNeedingDeviceId.has(path.split('?')[0] ?? path);
}

async function compute(): Promise<string> {
  try {
    const { load } = await import('@fingerprintjs/fingerprintjs');
    const agent = await load({ monitoring: false });
    const { visitorId } = await agent.get();
    return visitorId;
  } catch {
    // A blocked canvas or audio API must not block every request: fall back to a random id.
    return globalThis.crypto.randomUUID().replaceAll('-', '');
  }
}

/** The device id, computing it now if it is not stored yet. */
export function getDeviceId(): Promise<string> {
  if (!pending) {
    const stored = readStorage(storageKeys.deviceId);
    pending = stored
      ? Promise.resolve(stored)
      : compute().then((id) => {
          writeStorage(storageKeys.deviceId, id);
          return id;
        });
    void pending.then((id) => {
      known = id;
    });
  }
  return pending;
}

/** The device id if it is already known (stored by an earlier visit or computed in this one), without waiting. */
export function knownDeviceId(): string | undefined {
  if (known) return known;
  const stored = readStorage(storageKeys.deviceId);
  if (stored) known = stored;
  return known;
}

type IdleWindow = Pick<typeof globalThis, 'setTimeout'> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/**
 * Starts the fingerprint when the main thread is idle (at the latest after two seconds), so that it is ready by
 * the time a form that needs it is sent, without delaying what the player is waiting for.
 */
export function computeDeviceIdWhenIdle(win: IdleWindow = globalThis): void {
  if (pending || knownDeviceId()) return;
  const start = () => void getDeviceId();
  if (win.requestIdleCallback) win.requestIdleCallback(start, { timeout: 2000 });
  else win.setTimeout(start, 0);
}
