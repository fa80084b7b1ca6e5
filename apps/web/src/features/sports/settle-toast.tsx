import type { BetSettledEvent } from '@aposta/contract';
import i18next from 'i18next';
import { formatMoney } from '../../lib/format';
import { usePrefs } from '../../lib/prefs';
import { toastDurationMs } from '../../lib/ui';
import { resultKey } from './logic/vocabulary';
import './sports-i18n';

// The toast for a settled bet, loaded only when one settles. antd-mobile's toast breaks words anywhere
// (made for Chinese), which cut "Ganhou" in two; this one wraps between words.
export async function showSettlementToast(event: BetSettledEvent): Promise<void> {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  const { locale } = usePrefs.getState();
  const text = i18next.t('sports:bets.settledToast', {
    id: event.betId,
    result: i18next.t(`sports:result.${resultKey(event.result)}`),
    payout: formatMoney(event.payout, locale),
  });
  Toast.show({
    content: <span style={{ wordBreak: 'normal', overflowWrap: 'anywhere' }}>{text}</span>,
    duration: toastDurationMs,
  });
}
