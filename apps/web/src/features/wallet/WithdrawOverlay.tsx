import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { supportConfigQueryOptions } from '../../lib/chat-store';
import { decimalSeparator, parseAmountInput } from '../../lib/money-input';
import { usePrefs } from '../../lib/prefs';
import { useUserInfo } from '../../lib/user-info';
import { useWithdrawInfo } from './api/getWithdraw';
import { useWithdrawForm } from './useWithdrawForm';
import { WagerProgress } from './WagerProgress';
import { WithdrawAccountFields } from './WithdrawAccountFields';
import { WithdrawAmount } from './WithdrawAmount';
import { WithdrawForfeit } from './WithdrawForfeit';
import { WithdrawNotes } from './WithdrawNotes';
import { identityState, WithdrawIdentity } from './withdraw-identity';
import { allowedPayoutTypes, usdtFor, withdrawCapCents } from './withdraw-rules';
import './wallet.css';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import { Tabs } from '../../components/ui/Tabs';
import { FormSubmit } from './FormSubmit';

/**
 * The withdraw page (spec.md sections 2, 5, 9): balance, wagering bar, wallet form per type, amount
 * capped at what may be withdrawn, the checks of section 5 in order, then POST withdraw with an
 * Idempotency-Key. The balance drops only when the server has accepted the request.
 */
export default function WithdrawOverlay({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('wallet');
  const locale = usePrefs((state) => state.locale);
  const { data: user } = useUserInfo();
  const licensed = useQuery(supportConfigQueryOptions).data?.regulatoryProfile === 'br-licensed';
  const info = useWithdrawInfo(visible);
  const limits = info.data;
  const form = useWithdrawForm({ visible, onClose, limits, user, locale });
  const { type, confirming } = form;

  const separator = decimalSeparator(locale);
  const capCents = limits ? withdrawCapCents(limits) : 0;
  // br-licensed: no USDT payouts (the server refuses them; decision 0025).
  const types = allowedPayoutTypes(user?.lx).filter((name) => !licensed || name !== 'USDT');
  const typedCents = parseAmountInput(form.amountText, separator);
  const amountCents = typedCents === undefined ? undefined : Number(typedCents);
  const usdt = type === 'USDT' && limits ? usdtFor(amountCents, limits.usdtRate) : undefined;
  // Issue 15 and decision 0029: withdrawals need an approved identity. Before the form the page says where the
  // review stands (to send, in review and how long, or rejected with the reason and the form again).
  const identity = identityState(user);
  const needsKyc = identity !== undefined && identity !== 'approved';
  const bonus = limits?.bonus ?? null;

  return (
    <Sheet visible={visible} onClose={onClose} title={t('withdraw.title')}>
      <div className="wallet-scroll">
        <WagerProgress balance={user?.balance} limits={limits} locale={locale} />
        {limits ? <p className="wallet-small">{t('withdraw.remaining', { left: limits.number })}</p> : null}

        {needsKyc && identity ? <WithdrawIdentity state={identity} reason={user?.kycReason} /> : null}

        {info.isError && !limits ? (
          <div className="wallet-problem" role="alert">
            <p>{t('withdraw.loadFailed')}</p>
            <Button variant="ghost" onClick={() => void info.refetch()}>
              {t('withdraw.retry')}
            </Button>
          </div>
        ) : null}

        <form className="withdraw-form" onSubmit={(event) => form.submit(event, amountCents)} noValidate>
          <Tabs
            label={t('withdraw.type')}
            value={type}
            items={types.map((name) => ({ value: name, label: name }))}
            onChange={form.chooseType}
            idPrefix="withdraw-tab"
            panelId="withdraw-account"
            className="withdraw-types"
          />

          <WithdrawAccountFields
            type={type}
            form={form.form}
            usdtRate={limits?.usdtRate}
            locale={locale}
            onChange={form.setForm}
          />

          <WithdrawAmount
            value={form.amountText}
            capCents={capCents}
            usdt={usdt}
            locale={locale}
            onChange={(text) => {
              form.setAmountText(text);
              form.changed();
            }}
            onAll={(text) => form.setAmountText(text)}
          />

          {confirming && bonus ? (
            <WithdrawForfeit
              bonus={bonus}
              locale={locale}
              pending={form.pending}
              onConfirm={() => form.send(confirming)}
              onKeep={() => form.setConfirming(undefined)}
            />
          ) : (
            <FormSubmit
              problem={form.problem}
              pending={form.pending}
              disabled={!limits || needsKyc}
              label={t('withdraw.submit')}
              pendingLabel={t('withdraw.submitting')}
            />
          )}
        </form>

        <WithdrawNotes locale={locale} limits={limits} />
      </div>
    </Sheet>
  );
}
