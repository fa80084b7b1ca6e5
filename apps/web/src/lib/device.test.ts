import { describe, expect, it } from 'vitest';
import { needsDeviceId } from './device';

describe('needsDeviceId', () => {
  it('holds back only the calls the server reads the device from: login and sign-up', () => {
    expect(needsDeviceId('/api/auth/user/restLogin')).toBe(true);
    expect(needsDeviceId('/api/auth/user/restRegister')).toBe(true);
    expect(needsDeviceId('/api/app/main/main')).toBe(false);
    expect(needsDeviceId('/api/auth/user/captcha/123')).toBe(false);
  });
});
