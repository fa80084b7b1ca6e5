import { getDeviceId, knownDeviceId, needsDeviceId } from './device';
import { createHttpClient, type HttpEffects } from './http-client';
import { zoneHoursOf } from './http-core';
import { useLoading } from './loading';
import { localeInfo } from './locales';
import { usePrefs } from './prefs';
import { currentToken } from './token';

export type { RequestOptions } from './http-core';
export { ApiError } from './http-core';

// Until app/ wires the router and overlays in, failures are only logged (unit tests, early boot).
let effects: HttpEffects = {
  logout: () => {},
  insufficientFunds: (message) => console.warn(message),
  blocked: () => {},
  alert: (message) => console.warn(message),
  errorPage: () => {},
  slowNetworkText: () => 'A velocidade da internet está lenta, tente novamente mais tarde',
};

export function configureHttpEffects(next: HttpEffects): void {
  effects = next;
}

/** The one HTTP client of the app (spec.md section 7). */
export const http = createHttpClient({
  fetch: (url, init) => globalThis.fetch(url, init),
  async context(path) {
    const { locale } = usePrefs.getState();
    return {
      token: currentToken(),
      zoneHours: zoneHoursOf(new Date()),
      lang: locale,
      currency: localeInfo(locale).currency,
      // Only the calls the server reads the device from wait for the fingerprint (lib/device.ts).
      deviceId: needsDeviceId(path) ? await getDeviceId() : knownDeviceId(),
    };
  },
  loading: {
    start: () => useLoading.getState().start(),
    stop: () => useLoading.getState().stop(),
  },
  effects: () => effects,
  setTimer: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimer: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
});
