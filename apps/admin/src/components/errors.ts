import i18next from 'i18next';
import { AdminApiError } from '../api/client.ts';

/** The text to show for a failed call: the server's own message (already in the operator's language). */
export const problemText = (error: unknown): string =>
  error instanceof AdminApiError ? error.message : i18next.t('app.unexpected');
