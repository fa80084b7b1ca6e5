import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import { formatMoney } from '../../lib/format';
import { useActionKey } from '../../lib/idempotency-key';
import { usePrefs } from '../../lib/prefs';
import { useToken } from '../../lib/token';
import { showToast } from '../../lib/ui';
import { useUserInfo } from '../../lib/user-info';
import { useGifts, useReceiveGift } from './api/gifts';
import type { Gift } from './api/types';
import './engage.css';

function GiftRow({ gift, onReceived }: { gift: Gift; onReceived(): void }) {
  const { t } = useTranslation('engage');
  const locale = usePrefs((state) => state.locale);
  const receive = useReceiveGift();
  const keys = useActionKey<number>(String);
  const { data: user } = useUserInfo();
  const onReceive = () => {
    // The operator's rule says whether an award is bonus or cash: the answer's balances tell which one grew, and
    // the toast names that balance (issue 27: never "no seu saldo" for a bonus).
    const bonusBefore = user?.freeBalance ?? 0;
    receive.mutate(
      { id: gift.id, idempotencyKey: keys.keyFor(gift.id) },
      {
        onSuccess(answer) {
          keys.settle();
          onReceived();
          const toBonus = answer.freeBalance > bonusBefore;
          void showToast(
            t(toBonus ? 'creditedBonus' : 'credited', { amount: formatMoney(gift.amount, locale) }),
          );
        },
      },
    );
  };
  return (
    <li className="award-row">
      <div>
        <strong>{gift.title}</strong>
        <span className="award-amount">{formatMoney(gift.amount, locale)}</span>
      </div>
      <Button variant="gold" size="small" busy={receive.isPending} onClick={onReceive}>
        {t('receive')}
      </Button>
    </li>
  );
}

/** The activity-award popup (home only): every award waiting, each received once. */
export default function AwardPopup({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('engage');
  const token = useToken((state) => state.token);
  const gifts = useGifts(visible && Boolean(token));
  const list = gifts.data ?? [];
  const [received, setReceived] = useState(false);
  // Once the last award waiting is received the popup has nothing more to offer: it closes by itself.
  useEffect(() => {
    if (visible && received && !gifts.isFetching && list.length === 0) {
      setReceived(false);
      onClose();
    }
  }, [visible, received, gifts.isFetching, list.length, onClose]);
  return (
    <Sheet
      position="center"
      visible={visible}
      onClose={onClose}
      title={t('award.title')}
      className="award-popup"
    >
      <svg viewBox="0 0 64 64" className="award-art" aria-hidden="true" focusable="false">
        <rect x="10" y="26" width="44" height="30" rx="4" fill="var(--color-gold)" />
        <rect x="6" y="18" width="52" height="12" rx="3" fill="var(--color-gold-light)" />
        <rect x="28" y="18" width="8" height="38" fill="var(--color-danger)" />
        <path d="M32 18 C22 4 12 12 20 18 Z M32 18 C42 4 52 12 44 18 Z" fill="var(--color-danger)" />
      </svg>
      {gifts.isPending ? (
        <p className="engage-muted">{t('loading')}</p>
      ) : list.length === 0 ? (
        <p className="engage-muted">{t('award.empty')}</p>
      ) : (
        <ul className="award-list">
          {list.map((gift) => (
            <GiftRow key={gift.id} gift={gift} onReceived={() => setReceived(true)} />
          ))}
        </ul>
      )}
    </Sheet>
  );
}
