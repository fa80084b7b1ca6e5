import { readStorage, storageKeys, writeStorage } from './storage';

// The slots the player opened last on this device, newest first (home's "recent" row). A few short fields
// each, bounded, never trusted beyond showing a name and opening the game again.
export interface RecentSlot {
  productCode: string;
  value: string;
  name: string;
  icon: string;
}

const recentMax = 8;
const field = /^[\w\s\-À-ÿ.:/]{1,64}$/;

export function readRecentSlots(): RecentSlot[] {
  try {
    const parsed = JSON.parse(readStorage(storageKeys.recentSlots) ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (item): item is RecentSlot =>
          typeof item === 'object' &&
          item !== null &&
          ['productCode', 'value', 'name', 'icon'].every((key) =>
            field.test(String((item as never)[key] ?? '')),
          ),
      )
      .slice(0, recentMax);
  } catch {
    return [];
  }
}

export function rememberRecentSlot(slot: RecentSlot): void {
  const rest = readRecentSlots().filter(
    (item) => !(item.productCode === slot.productCode && item.value === slot.value),
  );
  writeStorage(storageKeys.recentSlots, JSON.stringify([slot, ...rest].slice(0, recentMax)));
}
