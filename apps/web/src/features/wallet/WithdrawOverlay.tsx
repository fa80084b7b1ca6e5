import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OverlayProps } from '../../components/overlay-props';
import { supportConfigQueryOptions } from '../../lib/chat-store';
import { formatMoney } from '../../lib/format';
import { useActionKey } from '../../lib/idempotency-key';
import { amountForApi, decimalSeparator, formatAmountInput, parseAmountInput } from '../../lib/money-input';
import { usePrefs } from '../../lib/prefs';
import { showToast } from '../../lib/ui';
import { useUserInfo } from '../../lib/user-info';
import { useWithdrawInfo, type WithdrawInfo } from './api/getWithdraw';
import { useWithdraw, type WithdrawInput } from './api/withdraw';
import { WagerProgress } from './WagerProgress';
import { WithdrawNotes } from './WithdrawNotes';
import { identityState, WithdrawIdentity } from './withdraw-identity';
import { withdrawProblemText } from './withdraw-messages';
import {
  allowedPayoutTypes,
  checkWithdraw,
  defaultPayoutType,
  ifscFor,
  type PayoutType,
  sanitizeAccountNo,
  showsHolderName,
  usdtFor,
  withdrawCapCents,
} from './withdraw-rules';
import './wallet.css';
import { AmountField } from '../../components/ui/AmountField';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import { Tabs, tabId } from '../../components/ui/Tabs';
import { FormSubmit } from './FormSubmit';
import { TextField } from './TextField';

interface AccountForm {
  accountNo: string;
  name: string;
  whatsapp: string;
}
type AccountForms = Record<PayoutType, AccountForm>;

const emptyForms = (): AccountForms => ({
  CPF: { accountNo: '', name: '', whatsapp: '' },
  CNPJ: { accountNo: '', name: '', whatsapp: '' },
  USDT: { accountNo: '', name: '', whatsapp: '' },
});

function formsFrom(info: WithdrawInfo): AccountForms {
  const forms = emptyForms();
  for (const type of ['CPF', 'CNPJ', 'USDT'] as const) {
    const saved = info.cardInfo?.[type];
    if (saved) {
      forms[type] = {
        accountNo: sanitizeAccountNo(type, saved.payCardNo ?? ''),
        name: saved.name ?? '',
        whatsapp: saved.whatsapp ?? '',
      };
    }
  }
  return forms;
}

/**
 * The withdraw page (spec.md sections 2, 5, 9): balance, wagering bar, wallet form per type, amount
 * capped at what may be withdrawn, the checks of section 5 in order, then POST withdraw with an
 * Idempotency-Key. The balance drops only when the server has accepted the request.
 */
export default function WithdrawOverlay({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const locale = usePrefs((state) => state.locale);
  const { data: user } = useUserInfo();
  const licensed = useQuery(supportConfigQueryOptions).data?.regulatoryProfile === 'br-licensed';
  const info = useWithdrawInfo(visible);
  const withdraw = useWithdraw();
  const actionKey = useActionKey();
  const [type, setType] = useState<PayoutType>('CPF');
  const [forms, setForms] = useState<AccountForms>(emptyForms);
  const [amountText, setAmountText] = useState('');
  const [problem, setProblem] = useState('');
  // The withdrawal waiting for the player's yes to forfeiting the unreleased bonus (decision 0029).
  const [confirming, setConfirming] = useState<WithdrawInput | undefined>(undefined);
  // What the player changed on this opening: a fresher answer of getWithdraw (the page reads it again on every
  // opening, and may show the cached one meanwhile) refills the saved accounts and the tab, never over the
  // player's own typing.
  const edited = useRef({ accounts: false, type: false });

  // Each opening starts from an empty amount and the saved accounts (cardInfo); CHANNEL picks the tab.
  useEffect(() => {
    if (!visible) return;
    edited.current = { accounts: false, type: false };
    setAmountText('');
    setProblem('');
    setConfirming(undefined);
  }, [visible]);
  useEffect(() => {
    if (!visible || !info.data) return;
    if (!edited.current.accounts) setForms(formsFrom(info.data));
    if (!edited.current.type) setType(defaultPayoutType(info.data.cardInfo?.CHANNEL, user?.lx));
  }, [visible, info.data, user?.lx]);

  const limits = info.data;
  const separator = decimalSeparator(locale);
  const capCents = limits ? withdrawCapCents(limits) : 0;
  // br-licensed: no USDT payouts (the server refuses them; decision 0025).
  const types = allowedPayoutTypes(user?.lx).filter((name) => !licensed || name !== 'USDT');
  const form = forms[type];
  const typedCents = parseAmountInput(amountText, separator);
  const amountCents = typedCents === undefined ? undefined : Number(typedCents);
  const setForm = (patch: Partial<AccountForm>) => {
    edited.current.accounts = true;
    setForms((all) => ({ ...all, [type]: { ...all[type], ...patch } }));
    setProblem('');
    setConfirming(undefined);
  };

  const send = (input: WithdrawInput) => {
    withdraw.mutate(
      { input, idempotencyKey: actionKey.keyFor(input) },
      {
        onSuccess() {
          actionKey.settle();
          setAmountText('');
          setConfirming(undefined);
          void showToast(t('withdraw.success'));
          onClose();
          void navigate('/home');
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!limits || withdraw.isPending) return;
    const failed = checkWithdraw(limits, { type, accountNo: form.accountNo, amountCents });
    if (failed || amountCents === undefined) {
      setProblem(failed ? withdrawProblemText(failed, t, locale) : t('withdraw.errors.incomplete'));
      return;
    }
    setProblem('');
    const accountNo = form.accountNo.trim();
    const input: WithdrawInput = {
      payCardBank: type,
      payCardNo: accountNo,
      ifsc: ifscFor(type, accountNo, limits.usdtRate),
      name: showsHolderName(type) ? form.name.trim() : '',
      amount: amountForApi(BigInt(amountCents)),
      whatsapp: form.whatsapp.trim(),
    };
    // An unreleased bonus is forfeited by a withdrawal: the player says yes to the amount first.
    if (limits.bonus) {
      setConfirming({ ...input, forfeitBonus: true });
      return;
    }
    send(input);
  };

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

        <form className="withdraw-form" onSubmit={submit} noValidate>
          <Tabs
            label={t('withdraw.type')}
            value={type}
            items={types.map((name) => ({ value: name, label: name }))}
            onChange={(name) => {
              edited.current.type = true;
              setType(name);
              setProblem('');
              setConfirming(undefined);
            }}
            idPrefix="withdraw-tab"
            panelId="withdraw-account"
            className="withdraw-types"
          />

          <div id="withdraw-account" role="tabpanel" aria-labelledby={tabId('withdraw-tab', type)}>
            <TextField
              id="withdraw-account-no"
              label={t(`withdraw.account.${type}`)}
              inputMode={type === 'USDT' ? 'text' : 'numeric'}
              autoComplete="off"
              spellCheck={false}
              maxLength={type === 'USDT' ? 64 : 14}
              value={form.accountNo}
              placeholder={t(`withdraw.accountPlaceholder.${type}`)}
              onChange={(text) => setForm({ accountNo: sanitizeAccountNo(type, text) })}
            />
            {showsHolderName(type) ? (
              <TextField
                id="withdraw-name"
                label={t('withdraw.name')}
                autoComplete="name"
                maxLength={100}
                value={form.name}
                placeholder={t('withdraw.namePlaceholder')}
                onChange={(text) => setForm({ name: text })}
              />
            ) : (
              <p className="wallet-small">
                {t('withdraw.usdtRate', { rate: formatMoney(limits?.usdtRate, locale) })}
              </p>
            )}
            <TextField
              id="withdraw-whatsapp"
              label={t('withdraw.whatsapp')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={30}
              value={form.whatsapp}
              placeholder={t('withdraw.whatsappPlaceholder')}
              onChange={(text) => setForm({ whatsapp: text.replace(/[^0-9+() -]/g, '') })}
            />
          </div>

          <AmountField
            id="withdraw-amount"
            label={t('withdraw.amount')}
            value={amountText}
            placeholder={t('withdraw.amountPlaceholder')}
            onChange={(text, cents) => {
              // The amount is capped as it is typed (spec.md section 5).
              const cap = BigInt(Math.max(0, capCents));
              setAmountText(cents !== undefined && cents > cap ? formatAmountInput(cap, separator) : text);
              setProblem('');
              setConfirming(undefined);
            }}
            hint={
              <>
                {t('withdraw.cap', { amount: formatMoney(capCents / 100, locale) })}
                {usdt !== undefined ? (
                  <span className="wallet-small">{t('withdraw.usdtReceive', { usdt: usdt.toFixed(2) })}</span>
                ) : null}
              </>
            }
            actions={
              <Button
                variant="ghost"
                disabled={capCents <= 0}
                onClick={() => setAmountText(formatAmountInput(BigInt(Math.max(0, capCents)), separator))}
              >
                {t('withdraw.all')}
              </Button>
            }
          />

          {confirming && bonus ? (
            <div className="withdraw-confirm" role="alertdialog" aria-labelledby="withdraw-forfeit-title">
              <p id="withdraw-forfeit-title">
                <strong>{t('withdraw.forfeit.title')}</strong>
              </p>
              <p>
                {t('withdraw.forfeit.text', {
                  bonus: formatMoney(bonus.amount, locale),
                  left: formatMoney(bonus.wageringLeft, locale),
                })}
              </p>
              <Button
                variant="primary"
                block
                busy={withdraw.isPending}
                busyLabel={t('withdraw.submitting')}
                onClick={() => send(confirming)}
              >
                {t('withdraw.forfeit.confirm', { bonus: formatMoney(bonus.amount, locale) })}
              </Button>
              <Button variant="ghost" block onClick={() => setConfirming(undefined)}>
                {t('withdraw.forfeit.keep')}
              </Button>
            </div>
          ) : (
            <FormSubmit
              problem={problem}
              pending={withdraw.isPending}
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
