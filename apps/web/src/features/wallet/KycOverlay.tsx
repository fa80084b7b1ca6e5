import { isValidCpf } from '@aposta/brazil';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { openOverlay } from '../../lib/overlays';
import { showToast } from '../../lib/ui';
import { reloadUserInfo, useUserInfo } from '../../lib/user-info';
import { useUpdateKyc } from './api/updateKyc';
import { useWalletFlow } from './wallet-flow';
import { identityState } from './withdraw-identity';
import './wallet.css';
import { Sheet } from '../../components/ui/Sheet';
import { FormSubmit } from './FormSubmit';
import { TextField } from './TextField';

/** What the CPF field keeps: digits and the usual dots and dash (000.000.000-00). */
const sanitizeCpf = (text: string) => text.replace(/[^0-9.-]/g, '').slice(0, 14);

/** Where the identity review stands, above the form. */
function KycStatus({
  identity,
  reason,
}: {
  identity: ReturnType<typeof identityState>;
  reason?: string | null;
}) {
  const { t } = useTranslation('wallet');
  return (
    <>
      {identity === 'approved' ? <p className="wallet-ok">{t('kyc.already')}</p> : null}
      {identity === 'pending' ? <p className="wallet-muted">{t('kyc.inReview')}</p> : null}
      {identity === 'rejected' && reason ? (
        <p className="wallet-problem">{t('withdrawKyc.rejected.reason', { reason })}</p>
      ) : null}
    </>
  );
}

/**
 * The identity form (slot editBank): name, CPF and birth date, POST /api/app/user/updateKyc. The fields are not
 * required client-side (spec.md section 5); a CPF that is typed is checked by its digits before sending.
 * After a successful submit it shows the answer's message (or 'Terminar') and returns to the deposit.
 */
export default function KycOverlay({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('wallet');
  const { data: user } = useUserInfo();
  const [name, setName] = useState('');
  const [cardNo, setCardNo] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [problem, setProblem] = useState('');
  const update = useUpdateKyc();

  const close = () => {
    useWalletFlow.setState({ kycReturnTo: undefined });
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    if (cardNo.trim() !== '' && !isValidCpf(cardNo.trim())) {
      setProblem(t('kyc.cpfInvalid'));
      return;
    }
    setProblem('');
    update.mutate(
      { name: name.trim(), cardNo: cardNo.trim(), ...(birthDate ? { birthDate } : {}) },
      {
        async onSuccess(message) {
          void showToast(message || t('kyc.done'));
          // The deposit page checks kyc on the user: load it before going back.
          await reloadUserInfo().catch(() => undefined);
          const back = useWalletFlow.getState().kycReturnTo;
          useWalletFlow.setState({ kycReturnTo: undefined });
          onClose();
          if (back) openOverlay(back);
        },
      },
    );
  };

  return (
    <Sheet position="center" visible={visible} onClose={close} title={t('kyc.title')}>
      <form className="ui-sheet-form" onSubmit={submit} noValidate>
        <p className="wallet-muted">{t('kyc.intro')}</p>
        <KycStatus identity={identityState(user)} reason={user?.kycReason} />
        <TextField
          id="kyc-name"
          label={t('kyc.name')}
          autoComplete="name"
          maxLength={100}
          value={name}
          placeholder={t('kyc.namePlaceholder')}
          onChange={setName}
        />
        <TextField
          id="kyc-cpf"
          label={t('kyc.cpf')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          value={cardNo}
          placeholder="000.000.000-00"
          aria-invalid={problem !== ''}
          aria-describedby={problem ? 'kyc-problem' : undefined}
          onChange={(text) => {
            setCardNo(sanitizeCpf(text));
            setProblem('');
          }}
        />
        {/* Issue 15: the birth date proves 18+ (required by the server under the br-licensed profile). */}
        <TextField
          id="kyc-birth-date"
          label={t('kyc.birthDate')}
          type="date"
          autoComplete="bday"
          max={new Date().toISOString().slice(0, 10)}
          value={birthDate}
          onChange={setBirthDate}
        />
        <FormSubmit
          problem={problem}
          problemId="kyc-problem"
          pending={update.isPending}
          label={t('kyc.submit')}
          pendingLabel={t('kyc.sending')}
        />
      </form>
    </Sheet>
  );
}
