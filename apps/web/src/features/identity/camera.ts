// The selfie's pure parts (decision 0065): which camera to ask for, how big the JPEG is, and its base64.

/** The front camera, portrait-friendly; the browser picks the nearest it has. */
export const SELFIE_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'user', width: { ideal: 720 }, height: { ideal: 960 } },
};

/** The longest side of the JPEG sent: enough for a face match, small enough for a slow connection (~60–120 KB). */
export const MAX_SIDE = 720;
/** The server refuses a face smaller than this on its shorter side. */
export const MIN_SIDE = 160;
/** The server keeps at most 512 KiB. */
export const MAX_BYTES = 512 * 1024;

/** The size to draw a `width`×`height` frame at so that its longest side is at most `max`. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The base64 of a data URL (`data:image/jpeg;base64,...`), or undefined when it is not a JPEG. */
export function jpegBase64(dataUrl: string): string | undefined {
  const match = /^data:image\/jpeg;base64,(.+)$/.exec(dataUrl);
  return match?.[1];
}

/** Bytes of a base64 text. */
export const base64Bytes = (base64: string) =>
  Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0);

/** Draws the source (a live video frame or an uploaded image) mirrored as the player saw it, as a JPEG data URL. */
export function captureJpeg(
  source: CanvasImageSource,
  width: number,
  height: number,
  options: { mirror: boolean; quality?: number },
): string | undefined {
  if (width === 0 || height === 0) return undefined;
  const size = fitWithin(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  if (options.mirror) {
    context.translate(size.width, 0);
    context.scale(-1, 1);
  }
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas.toDataURL('image/jpeg', options.quality ?? 0.85);
}
