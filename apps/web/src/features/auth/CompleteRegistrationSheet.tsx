import type { CompleteRegistrationBody, RgLimits } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import { playerApi } from '../../lib/player-api';
import { showToast } from '../../lib/ui';
import { patchUserInfo } from '../../lib/user-info';
import {
  emptySignupExtras,
  LicensedSignupFields,
  licensedSignupBody,
  type SignupExtras,
} from './LicensedSignupFields';

// POST /api/app/rg/registration: the server judges the fields with the registration's own rules.
export function completeRegistration(body: CompleteRegistrationBody): Promise<RgLimits> {
  return playerApi('POST /api/app/rg/registration', { body });
}

/**
 * br-licensed, an account opened before the fields of art. 31 (decision 0055, "Existing players"): the sheet asks
 * them with the sign-up's own fields. Until they are sent, bets and deposits are refused; the player may close it
 * ("later") to withdraw, and it opens again after the next login or the next refused bet or deposit.
 */
export default function CompleteRegistrationSheet({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('auth');
  const [extras, setExtras] = useState<SignupExtras>(emptySignupExtras);
  const complete = useMutation({ mutationFn: completeRegistration });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete.isPending) return;
    // A refusal is alerted by the client with the server's words, naming the field left.
    complete.mutate(licensedSignupBody(extras), {
      onSuccess() {
        patchUserInfo({ registrationIncomplete: false });
        onClose();
        void showToast(t('completeRegistration.done'));
      },
    });
  };
  return (
    <Sheet visible={visible} onClose={onClose} title={t('completeRegistration.title')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <p>{t('completeRegistration.intro')}</p>
        <LicensedSignupFields value={extras} onChange={setExtras} />
        <Button type="submit" variant="primary" block busy={complete.isPending}>
          {t('completeRegistration.submit')}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {t('completeRegistration.later')}
        </Button>
      </form>
    </Sheet>
  );
}
