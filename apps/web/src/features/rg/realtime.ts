import i18next from 'i18next';
import { formatMoney } from '../../lib/format';
import { usePrefs } from '../../lib/prefs';

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function fieldsOf(payload: unknown): Record<string, unknown> {
  return (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
}

const loadDialog = () => import('antd-mobile/es/components/dialog').then((module) => module.default);

/** The reality check's text: time played and the session's result, and what is left of a time limit. */
export function realityText(minutes: number, net: number, limit: number | undefined): string {
  const locale = usePrefs.getState().locale;
  const body = i18next.t('common:rg.realityBody', { minutes, net: formatMoney(net, locale) });
  if (limit === undefined) return body;
  const left = Math.max(0, limit - minutes);
  return `${body} ${i18next.t('common:rg.realityLeft', { left, limit })}`;
}

/**
 * Socket `realityCheck { sessionMinutes, net, limitMinutes? }`: a dialog with the time played and the session's
 * result, to keep playing or stop (`stop` leaves the game for home). Socket `sessionLimit { limitMinutes,
 * breakMinutes }`: the chosen time limit is reached, the pause is announced and the player leaves the game
 * (decision 0055). The texts are in `common` so the shell has them loaded.
 */
export function rgEventHandlers(stop: () => void) {
  return {
    realityCheck(payload: unknown) {
      const data = fieldsOf(payload);
      const minutes = numberOf(data.sessionMinutes);
      const net = numberOf(data.net);
      if (minutes === undefined || net === undefined) return;
      const content = realityText(minutes, net, numberOf(data.limitMinutes));
      void loadDialog().then(async (Dialog) => {
        const keepPlaying = await Dialog.confirm({
          title: i18next.t('common:rg.realityTitle'),
          content,
          confirmText: i18next.t('common:rg.realityContinue'),
          cancelText: i18next.t('common:rg.realityStop'),
        });
        if (!keepPlaying) stop();
      });
    },
    sessionLimit(payload: unknown) {
      const data = fieldsOf(payload);
      const limit = numberOf(data.limitMinutes);
      const pause = numberOf(data.breakMinutes);
      if (limit === undefined || pause === undefined) return;
      // The server refuses further stakes already; leaving the game makes the pause visible at once.
      stop();
      void loadDialog().then((Dialog) =>
        Dialog.alert({
          title: i18next.t('common:rg.sessionLimitTitle'),
          content: i18next.t('common:rg.sessionLimitBody', { limit, pause }),
          confirmText: i18next.t('common:rg.sessionLimitOk'),
        }),
      );
    },
  };
}
