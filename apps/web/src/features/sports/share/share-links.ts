/** Deep links that open a chat app with a shared slip's text and link (pure; tested). */
export function whatsappShareUrl(text: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`;
}

export function telegramShareUrl(text: string, link: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
}

/** The phone's own share sheet (Web Share API), where the browser has one. */
export function canWebShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** The code as the route gives it, normalised like the server does (upper case, no spaces or dashes). */
export function slipCodeOf(text: string | undefined): string | undefined {
  const code = (text ?? '').toUpperCase().replace(/[\s-]/g, '');
  return /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/.test(code) ? code : undefined;
}
