import { describe, expect, it } from 'vitest';
import { rootFontSizePx } from './root-font-size';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36';
const ipad = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
// iPadOS Safari asks for the desktop site by default and says it is a Mac.
const mac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/130 Safari/537.36';
const touch = (userAgent: string) => ({ userAgent, maxTouchPoints: 5 });
const mouse = (userAgent: string) => ({ userAgent, maxTouchPoints: 0 });

describe('rootFontSizePx', () => {
  it('is the viewport width divided by 3.93 on Android, iPhone and iPad', () => {
    expect(rootFontSizePx(393, touch(iphone))).toBeCloseTo(100);
    expect(rootFontSizePx(390, touch(android))).toBeCloseTo(390 / 3.93);
    expect(rootFontSizePx(820, touch(ipad))).toBeCloseTo(820 / 3.93);
  });

  it('treats a "Mac" with a touch screen as the iPad it is', () => {
    expect(rootFontSizePx(820, touch(mac))).toBeCloseTo(820 / 3.93);
    expect(rootFontSizePx(1440, mouse(mac))).toBe(150);
  });

  it('is 150 px on a desktop wide enough for the 590 px column', () => {
    expect(rootFontSizePx(1920, mouse(desktop))).toBe(150);
    expect(rootFontSizePx(1440, mouse(desktop))).toBe(150);
    expect(rootFontSizePx(589.5, mouse(desktop))).toBeCloseTo(150);
  });

  it('stays the fixed 150 px in a narrow desktop window (spec.md section 2: fixed 150 otherwise)', () => {
    for (const width of [320, 390, 500, 589]) {
      expect(rootFontSizePx(width, mouse(desktop))).toBe(150);
    }
  });
});
