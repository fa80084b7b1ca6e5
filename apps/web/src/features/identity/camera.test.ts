import { describe, expect, it } from 'vitest';
import { base64Bytes, fitWithin, jpegBase64 } from './camera';

describe('selfie sizing', () => {
  it('keeps a small frame, shrinks a large one to 720 on its longest side, keeping the shape', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(1080, 1920)).toEqual({ width: 405, height: 720 });
    expect(fitWithin(4032, 3024)).toEqual({ width: 720, height: 540 });
  });
  it('reads the base64 of a JPEG data URL only, and counts its bytes', () => {
    expect(jpegBase64('data:image/jpeg;base64,/9j/AA==')).toBe('/9j/AA==');
    expect(jpegBase64('data:image/png;base64,iVBO')).toBeUndefined();
    expect(base64Bytes('/9j/AA==')).toBe(4);
    expect(base64Bytes('/9j/AAAA')).toBe(6);
  });
});
