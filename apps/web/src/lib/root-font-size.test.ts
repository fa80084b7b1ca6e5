import { describe, expect, it } from 'vitest';
import { rootFontSizePx } from './root-font-size';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36';
const ipad = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/130 Safari/537.36';

describe('rootFontSizePx', () => {
  it('is the viewport width divided by 3.93 on Android, iPhone and iPad', () => {
    expect(rootFontSizePx(393, iphone)).toBeCloseTo(100);
    expect(rootFontSizePx(390, android)).toBeCloseTo(390 / 3.93);
    expect(rootFontSizePx(820, ipad)).toBeCloseTo(820 / 3.93);
  });

  it('is a fixed 150 px on any other agent, whatever the width', () => {
    expect(rootFontSizePx(390, desktop)).toBe(150);
    expect(rootFontSizePx(1920, desktop)).toBe(150);
  });
});
