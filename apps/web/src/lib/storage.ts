// Every local-storage key the app uses, in one place, so logout and tests know the whole list.
export const storageKeys = {
  token: 'token',
  lang: 'lang',
  isApp: 'isapp',
  deviceId: 'deviceId',
  inviteCode: 'inviteCode',
  startMask: 'showStartMask',
  firstDeposit: 'firstDeposit',
  testAccountShown: 'testAccountShown',
  recentSlots: 'recentSlots',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Storage can throw (private mode, quota, disabled cookies); the app must keep working without it.
function store(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Nothing to do: the value simply will not survive a reload.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Ignored for the same reason as writeStorage.
  }
}

export function clearStorage(): void {
  try {
    store()?.clear();
  } catch {
    // Ignored for the same reason as writeStorage.
  }
}
