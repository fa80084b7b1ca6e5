import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActionKey } from '../../lib/idempotency-key';
import type { LocaleCode } from '../../lib/locales';
import { amountForApi } from '../../lib/money-input';
import { showToast } from '../../lib/ui';
import type { UserInfo } from '../../lib/user-info';
import type { WithdrawInfo } from './api/getWithdraw';
import { useWithdraw, type WithdrawInput } from './api/withdraw';
import { type AccountForm, type AccountForms, emptyForms, formsFrom } from './WithdrawAccountFields';
import { withdrawProblemText } from './withdraw-messages';
import {
  checkWithdraw,
  defaultPayoutType,
  ifscFor,
  type PayoutType,
  showsHolderName,
} from './withdraw-rules';

interface Args {
  visible: boolean;
  onClose: () => void;
  limits: WithdrawInfo | undefined;
  user: UserInfo | undefined;
  locale: LocaleCode;
}

function withdrawInput(limits: WithdrawInfo, type: PayoutType, form: AccountForm, amountCents: number) {
  const accountNo = form.accountNo.trim();
  return {
    payCardBank: type,
    payCardNo: accountNo,
    ifsc: ifscFor(type, accountNo, limits.usdtRate),
    name: showsHolderName(type) ? form.name.trim() : '',
    amount: amountForApi(BigInt(amountCents)),
    whatsapp: form.whatsapp.trim(),
  } satisfies WithdrawInput;
}

/** Sends a withdrawal once (Idempotency-Key per request); on success the page closes and goes home. */
function useSendWithdraw(onClose: () => void, onSent: () => void) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const withdraw = useWithdraw();
  const actionKey = useActionKey();
  const send = (input: WithdrawInput) => {
    withdraw.mutate(
      { input, idempotencyKey: actionKey.keyFor(input) },
      {
        onSuccess() {
          actionKey.settle();
          onSent();
          void showToast(t('withdraw.success'));
          onClose();
          void navigate('/home');
        },
      },
    );
  };
  return { send, pending: withdraw.isPending };
}

/** The withdraw form's state: chosen type, accounts per type, amount, problem, the bonus confirmation, sending. */
export function useWithdrawForm({ visible, onClose, limits, user, locale }: Args) {
  const { t } = useTranslation('wallet');
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
    if (!visible || !limits) return;
    if (!edited.current.accounts) setForms(formsFrom(limits));
    if (!edited.current.type) setType(defaultPayoutType(limits.cardInfo?.CHANNEL, user?.lx));
  }, [visible, limits, user?.lx]);

  const changed = () => {
    setProblem('');
    setConfirming(undefined);
  };
  const setForm = (patch: Partial<AccountForm>) => {
    edited.current.accounts = true;
    setForms((all) => ({ ...all, [type]: { ...all[type], ...patch } }));
    changed();
  };
  const chooseType = (name: PayoutType) => {
    edited.current.type = true;
    setType(name);
    changed();
  };

  const { send, pending } = useSendWithdraw(onClose, () => {
    setAmountText('');
    setConfirming(undefined);
  });

  const submit = (event: FormEvent, amountCents: number | undefined) => {
    event.preventDefault();
    if (!limits || pending) return;
    const failed = checkWithdraw(limits, { type, accountNo: forms[type].accountNo, amountCents });
    if (failed || amountCents === undefined) {
      setProblem(failed ? withdrawProblemText(failed, t, locale) : t('withdraw.errors.incomplete'));
      return;
    }
    setProblem('');
    const input = withdrawInput(limits, type, forms[type], amountCents);
    // An unreleased bonus is forfeited by a withdrawal: the player says yes to the amount first.
    if (limits.bonus) setConfirming({ ...input, forfeitBonus: true });
    else send(input);
  };

  return {
    type,
    form: forms[type],
    amountText,
    setAmountText,
    problem,
    confirming,
    setConfirming,
    pending,
    changed,
    setForm,
    chooseType,
    send,
    submit,
  };
}
