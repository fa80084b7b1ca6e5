import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import { useBonusState } from '../../lib/bonus-state';
import { formatMoney } from '../../lib/format';
import { ApiError } from '../../lib/http';
import { useActionKey } from '../../lib/idempotency-key';
import { localeInfo } from '../../lib/locales';
import { usePrefs } from '../../lib/prefs';
import { type BetIncrease, useRealtime } from '../../lib/realtime-store';
import { useToken } from '../../lib/token';
import { showToast } from '../../lib/ui';
import { useReceiveIncrease } from './api';
import { countUpDurationMs, countUpValue, increasePercent, increaseReward } from './count-up';
import './rewards.css';

/**
 * The bet-increase popup: the figure that counts up (2 decimals, 2 s) ends at exactly what 'RECEBER' credits,
 * in R$ — the offer's amount × (bouns − 1), rounded down to the centavo as the server does — with the stakes it
 * rewards and the rate beside it (issue 27; docs/decisions/0028 reads the spec's "from value to value times
 * bonus" so). RECEBER credits it once (POST increase/receive; the server pays the last offer at most once).
 */
export default function IncreasePopup({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation();
  const locale = usePrefs((state) => state.locale);
  const event = useRealtime((state) => state.betIncrease);
  const setBetIncrease = useRealtime((state) => state.setBetIncrease);
  const [shown, setShown] = useState(0);
  const reward = event ? increaseReward(event.amount, event.bouns) : 0;
  const receive = useReceiveIncrease();
  // The server's multiple for this reward, not spec.md section 9's "1x and 1x" text (decision 0028).
  const token = useToken((state) => state.token);
  const increaseTimes = useBonusState(visible && Boolean(token)).data?.rules.rewards.increase;
  // One key per offer: a retry of the same offer is the same claim.
  const keys = useActionKey<BetIncrease | null>();

  useEffect(() => {
    if (!visible || !event) return;
    const from = 0;
    const to = increaseReward(event.amount, event.bouns);
    const startedAt = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const elapsed = now - startedAt;
      setShown(countUpValue(from, to, elapsed));
      if (elapsed < countUpDurationMs) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [visible, event]);

  const onReceive = () => {
    if (!event) return onClose();
    receive.mutate(keys.keyFor(event), {
      onSuccess() {
        keys.settle();
        setBetIncrease(null);
        onClose();
        void showToast(t('engage:increase.received', { amount: formatMoney(reward, locale) }));
      },
      onError(error) {
        // A refusal (already received, no offer) is final and the alert says why; a lost answer may be retried.
        if (error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network')) return;
        keys.settle();
        setBetIncrease(null);
        onClose();
      },
    });
  };

  return (
    <Sheet
      position="center"
      visible={visible}
      onClose={onClose}
      title={t('increase.title')}
      closable={false}
      className="increase-popup"
    >
      <output className="increase-amount" aria-live="polite">
        {formatMoney(shown, locale)}
      </output>
      {event ? (
        <p className="increase-basis">
          {t('engage:increase.basis', {
            percent: new Intl.NumberFormat(localeInfo(locale).intlTag, { maximumFractionDigits: 2 }).format(
              increasePercent(event.bouns),
            ),
            staked: formatMoney(event.amount, locale),
          })}
        </p>
      ) : null}
      {increaseTimes === undefined ? null : (
        <p className="increase-note">
          {increaseTimes > 0
            ? t('engage:increase.note', { times: increaseTimes })
            : t('engage:increase.noteCash')}
        </p>
      )}
      <Button variant="gold" block busy={receive.isPending} onClick={onReceive}>
        {t('increase.claim')}
      </Button>
    </Sheet>
  );
}
