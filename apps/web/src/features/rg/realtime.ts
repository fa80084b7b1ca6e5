import i18next from 'i18next';
import { formatMoney } from '../../lib/format';
import { usePrefs } from '../../lib/prefs';

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Socket `realityCheck { sessionMinutes, net }`: a dialog with the time played and the session's result, to keep
 * playing or stop (`stop` leaves the game for home). The texts are in `common` so the shell has them loaded.
 */
export function rgEventHandlers(stop: () => void) {
  return {
    realityCheck(payload: unknown) {
      const data = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<
        string,
        unknown
      >;
      const minutes = numberOf(data.sessionMinutes);
      const net = numberOf(data.net);
      if (minutes === undefined || net === undefined) return;
      const locale = usePrefs.getState().locale;
      void import('antd-mobile/es/components/dialog').then(async ({ default: Dialog }) => {
        const keepPlaying = await Dialog.confirm({
          title: i18next.t('common:rg.realityTitle'),
          content: i18next.t('common:rg.realityBody', { minutes, net: formatMoney(net, locale) }),
          confirmText: i18next.t('common:rg.realityContinue'),
          cancelText: i18next.t('common:rg.realityStop'),
        });
        if (!keepPlaying) stop();
      });
    },
  };
}
