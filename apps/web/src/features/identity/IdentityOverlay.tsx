import { isValidCpf } from '@aposta/brazil';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Sheet } from '../../components/ui/Sheet';
import { supportConfigQueryOptions } from '../../lib/chat-store';
import { useIdentityFlow } from '../../lib/identity-flow';
import { openOverlay } from '../../lib/overlays';
import { showToast } from '../../lib/ui';
import { reloadUserInfo, type UserInfo, useUserInfo } from '../../lib/user-info';
import { uploadSelfie, useUpdateKyc } from './api';
import { identityNamespace } from './identity-i18n';
import type { CapturedSelfie } from './SelfieCapture';
import { SelfieStep } from './SelfieStep';
import './identity.css';

/** What the CPF field keeps: digits and the usual dots and dash (000.000.000-00). */
const sanitizeCpf = (text: string) => text.replace(/[^0-9.-]/g, '').slice(0, 14);

/** The review's state (decision 0029): the server's `kycState`; `kyc` alone only says the form was sent. */
function stateOf(user: Pick<UserInfo, 'kyc' | 'kycState'> | undefined) {
  if (!user) return undefined;
  return user.kycState ?? (user.kyc === 1 ? 'pending' : 'none');
}

function IdentityStatus({ user }: { user: UserInfo | undefined }) {
  const { t } = useTranslation(identityNamespace);
  const state = stateOf(user);
  if (state === 'approved') return <p className="idv-ok">{t('status.approved')}</p>;
  if (state === 'pending') return <p className="idv-muted">{t('status.pending')}</p>;
  if (state === 'rejected' && user?.kycReason)
    return <p className="idv-problem">{t('status.rejected', { reason: user.kycReason })}</p>;
  return null;
}

interface Values {
  name: string;
  cardNo: string;
  birthDate: string;
}

function IdentityFields({ values, onChange }: { values: Values; onChange(values: Values): void }) {
  const { t } = useTranslation(identityNamespace);
  const input = (key: keyof Values, props: Record<string, unknown>) => (control: object) => (
    <input
      {...control}
      {...props}
      className="input"
      value={values[key]}
      onChange={(event) =>
        onChange({
          ...values,
          [key]: key === 'cardNo' ? sanitizeCpf(event.target.value) : event.target.value,
        })
      }
    />
  );
  return (
    <>
      <Field id="kyc-name" label={t('form.name')}>
        {input('name', { autoComplete: 'name', maxLength: 100, placeholder: t('form.namePlaceholder') })}
      </Field>
      <Field id="kyc-cpf" label={t('form.cpf')}>
        {input('cardNo', {
          inputMode: 'numeric',
          autoComplete: 'off',
          maxLength: 14,
          placeholder: '000.000.000-00',
        })}
      </Field>
      <Field id="kyc-birth-date" label={t('form.birthDate')}>
        {input('birthDate', {
          type: 'date',
          autoComplete: 'bday',
          max: new Date().toISOString().slice(0, 10),
        })}
      </Field>
    </>
  );
}

/** Sends the selfie (once per photo), then the KYC naming it; on success returns where the player came from. */
function useIdentitySubmit(licensed: boolean, onClose: () => void) {
  const { t } = useTranslation(identityNamespace);
  const update = useUpdateKyc();
  const [problem, setProblem] = useState('');
  const [uploading, setUploading] = useState(false);
  const [sent, setSent] = useState<{ preview: string; id: string }>();
  const submit = async (values: Values, selfie: CapturedSelfie | undefined) => {
    if (update.isPending || uploading) return;
    if (values.cardNo.trim() !== '' && !isValidCpf(values.cardNo.trim()))
      return setProblem(t('form.cpfInvalid'));
    if (licensed && !selfie) return setProblem(t('selfie.required'));
    setProblem('');
    let selfieId = sent && selfie && sent.preview === selfie.preview ? sent.id : undefined;
    if (selfie && !selfieId) {
      setUploading(true);
      selfieId = await uploadSelfie(selfie.base64).finally(() => setUploading(false));
      setSent({ preview: selfie.preview, id: selfieId });
    }
    const body = {
      name: values.name.trim(),
      cardNo: values.cardNo.trim(),
      ...(values.birthDate ? { birthDate: values.birthDate } : {}),
    };
    update.mutate(
      { ...body, ...(selfieId ? { selfieId } : {}) },
      {
        async onSuccess(message) {
          void showToast(message || t('form.done'));
          // The deposit page checks kyc on the user: load it before going back.
          await reloadUserInfo().catch(() => undefined);
          const back = useIdentityFlow.getState().returnTo;
          useIdentityFlow.setState({ returnTo: undefined });
          onClose();
          if (back) openOverlay(back);
        },
        // A used or expired selfie: the next submit sends the photo again.
        onError: () => setSent(undefined),
      },
    );
  };
  return { submit, problem, clearProblem: () => setProblem(''), pending: update.isPending || uploading };
}

/**
 * The identity form (slot editBank; issue 15, issue 29): name, CPF, birth date and the selfie with liveness that the
 * identity provider compares with the official biometric base, POST /api/app/user/updateKyc. Under br-licensed the
 * selfie is required; elsewhere it is offered.
 */
export default function IdentityOverlay({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation(identityNamespace);
  const { data: user } = useUserInfo();
  const licensed = useQuery(supportConfigQueryOptions).data?.regulatoryProfile === 'br-licensed';
  const [values, setValues] = useState<Values>({ name: '', cardNo: '', birthDate: '' });
  const [selfie, setSelfie] = useState<CapturedSelfie>();
  const close = () => {
    useIdentityFlow.setState({ returnTo: undefined });
    onClose();
  };
  const { submit, problem, clearProblem, pending } = useIdentitySubmit(licensed, onClose);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(values, selfie).catch(() => undefined);
  };
  return (
    <Sheet position="bottom" visible={visible} onClose={close} title={t('form.title')} className="idv-sheet">
      <form className="ui-sheet-form idv-form" onSubmit={onSubmit} noValidate>
        <p className="idv-muted">{t(licensed ? 'form.introLicensed' : 'form.intro')}</p>
        <IdentityStatus user={user} />
        <IdentityFields values={values} onChange={setValues} />
        {visible ? (
          <SelfieStep
            selfie={selfie}
            required={licensed}
            onChange={(taken) => {
              setSelfie(taken);
              // A selfie taken answers "take a selfie": the stale problem goes.
              clearProblem();
            }}
          />
        ) : null}
        {problem ? (
          <p id="kyc-problem" className="idv-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <Button type="submit" variant="primary" block busy={pending} busyLabel={t('form.sending')}>
          {t('form.submit')}
        </Button>
        <p className="idv-privacy">{t('form.privacy')}</p>
      </form>
    </Sheet>
  );
}
