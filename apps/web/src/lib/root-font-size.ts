// spec.md section 2: the root font size is width / 3.93 on Android, iPhone and iPad, and a fixed
// 150 px elsewhere. Layout is written in rem, so 1rem is a hundredth of a 393 px wide phone, and the
// app is a 3.93rem column (centred on wide screens by the shell's CSS).
export const designWidthRem = 3.93;
export const desktopRootFontSizePx = 150;

const mobileAgent = /Android|iPhone|iPad/i;

export interface Device {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS Safari reports a Mac in its user agent, but a Mac has no touch screen. */
  maxTouchPoints: number;
}

export function isPhoneOrTablet({ userAgent, maxTouchPoints }: Device): boolean {
  return mobileAgent.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function rootFontSizePx(viewportWidthPx: number, device: Device): number {
  if (isPhoneOrTablet(device)) return viewportWidthPx / designWidthRem;
  // The spec's fixed 150 on every other device, a narrow desktop window included (issue 27): the 590 px column
  // keeps its size and the window scrolls sideways, as the spec's client does. Phones follow their width above.
  return desktopRootFontSizePx;
}

/** Applies the rule now and on every resize or rotation; returns the cleanup. */
export function keepRootFontSize(win: Window): () => void {
  const apply = () => {
    const size = rootFontSizePx(win.document.documentElement.clientWidth || win.innerWidth, win.navigator);
    win.document.documentElement.style.fontSize = `${size}px`;
  };
  apply();
  win.addEventListener('resize', apply);
  win.addEventListener('orientationchange', apply);
  return () => {
    win.removeEventListener('resize', apply);
    win.removeEventListener('orientationchange', apply);
  };
}
