import { readStorage, storageKeys, writeStorage } from './storage';

// The deviceId header: a browser fingerprint from the open-source FingerprintJS, computed
// locally (monitoring off, so no network call), cached in local storage and in memory.
let pending: Promise<string> | undefined;

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

export function getDeviceId(): Promise<string> {
  if (!pending) {
    const stored = readStorage(storageKeys.deviceId);
    pending = stored
      ? Promise.resolve(stored)
      : compute().then((id) => {
          writeStorage(storageKeys.deviceId, id);
          return id;
        });
  }
  return pending;
}
