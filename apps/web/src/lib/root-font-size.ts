// spec.md section 2: the root font size is width / 3.93 on Android, iPhone and iPad, and a fixed
// 150 px elsewhere. Layout is written in rem, so 1rem is a hundredth of a 393 px wide phone.
export const designWidthRem = 3.93;
export const desktopRootFontSizePx = 150;

const mobileAgent = /Android|iPhone|iPad/i;

export function rootFontSizePx(viewportWidthPx: number, userAgent: string): number {
  if (!mobileAgent.test(userAgent)) return desktopRootFontSizePx;
  return viewportWidthPx / designWidthRem;
}

/** Applies the rule now and on every resize or rotation; returns the cleanup. */
export function keepRootFontSize(win: Window): () => void {
  const apply = () => {
    const size = rootFontSizePx(
      win.document.documentElement.clientWidth || win.innerWidth,
      win.navigator.userAgent,
    );
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
