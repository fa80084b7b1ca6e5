import i18next from 'i18next';

const locale = () => (i18next.language === 'en_US' ? 'en-US' : 'pt-BR');

/** Amounts arrive in reais (api-contract section 1); the back office always shows R$. */
export const money = (reais: number | null | undefined): string =>
  reais === null || reais === undefined
    ? '—'
    : new Intl.NumberFormat(locale(), { style: 'currency', currency: 'BRL' }).format(reais);

export const count = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : new Intl.NumberFormat(locale()).format(value);

/** Times arrive as epoch milliseconds; operators read them in São Paulo time, the reports' day. */
export const dateTime = (epochMs: number | null | undefined): string =>
  epochMs === null || epochMs === undefined
    ? '—'
    : new Intl.DateTimeFormat(locale(), {
        dateStyle: 'short',
        timeStyle: 'medium',
        timeZone: 'America/Sao_Paulo',
      })
        .format(epochMs)
        // One line in a table cell: date and time never wrap apart.
        .replaceAll(' ', '\u00a0');

export const shortDay = (isoDay: string): string => {
  const [, month, day] = isoDay.split('-');
  return locale() === 'en-US' ? `${month}/${day}` : `${day}/${month}`;
};
