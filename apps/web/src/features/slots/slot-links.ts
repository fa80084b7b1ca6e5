// Pure helpers of the slots pages: the links that carry a game as their query, and the RTP as a percentage.

export function gameLink(
  path: string,
  game: { productCode: string; value: string; name: string; gameType?: string },
) {
  // In-house games open their own page (/dice…); provider games open /play or /gameMess.
  if (game.gameType && game.gameType !== 'SLOT' && path === '/play') {
    const query = new URLSearchParams({
      value: game.value,
      productCode: game.productCode,
      gameType: game.gameType,
      name: game.name,
    });
    return `/${game.gameType}?${query}`;
  }
  const query = new URLSearchParams({ productCode: game.productCode, value: game.value, name: game.name });
  return `${path}?${query}`;
}

/** 0.965 → "96,50%" in pt_BR, "96.50%" in en_US. */
export function formatRtp(rtp: number, language: string): string {
  const locale = language.replace('_', '-');
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rtp * 100)}%`;
}

export const slotProviders = ['PG', 'EVO', 'BG'] as const;
export type SlotProviderCode = (typeof slotProviders)[number];
export const isSlotProvider = (code: string | null): code is SlotProviderCode =>
  slotProviders.includes(code as SlotProviderCode);
