// Deployment settings read at build time. Support links are operator-specific: an unset link is
// hidden rather than replaced by a guessed one (a wrong Telegram handle would be a phishing risk).
export const telegramUrl: string | undefined = import.meta.env.VITE_TELEGRAM_URL || undefined;
