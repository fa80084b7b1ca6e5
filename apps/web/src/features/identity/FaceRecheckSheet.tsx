import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import { queryClient } from '../../lib/query-client';
import { logout } from '../../lib/session';
import { showToast } from '../../lib/ui';
import { uploadSelfie } from './api';
import { askedFaceRecheckReason, faceRecheckQueryKey, sendFaceRecheck, useFaceRecheck } from './face-recheck';
import { identityNamespace } from './identity-i18n';
import type { CapturedSelfie } from './SelfieCapture';
import { SelfieStep } from './SelfieStep';
import './identity.css';

interface Outcome {
  message: string;
  attemptsLeft: number;
}

/** Sends the selfie, then the re-check; passed: the data of the session is read again and the sheet closes. */
function useRecheckSubmit(onPassed: (message: string) => void) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState<Outcome>();
  const submit = async (selfie: CapturedSelfie) => {
    if (pending) return;
    setPending(true);
    try {
      const answer = await sendFaceRecheck(await uploadSelfie(selfie.base64));
      if (answer.passed) {
        setFailed(undefined);
        onPassed(answer.message);
      } else setFailed({ message: answer.message, attemptsLeft: answer.attemptsLeft });
    } catch {
      // A refusal (a used selfie, the attempts spent) is alerted with the server's words; the state is read again.
      void queryClient.invalidateQueries({ queryKey: faceRecheckQueryKey });
    } finally {
      setPending(false);
    }
  };
  return { submit, pending, failed };
}

/**
 * "Confirme que é você" (decision 0068): a full-screen sheet with the registration's selfie step (front camera
 * behind the face oval), sent to the repeat face check. It closes on a pass and the player continues where they
 * were (the refused call can be made again). While the gate is closed it cannot be dismissed, only logged out of;
 * asked before a withdrawal or a deposit only, "Agora não" closes it.
 */
export default function FaceRecheckSheet({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation(identityNamespace);
  const state = useFaceRecheck().data;
  const reason = state?.reason ?? askedFaceRecheckReason() ?? 'login';
  const gated = state ? state.due : reason !== 'withdrawal' && reason !== 'deposit';
  const [selfie, setSelfie] = useState<CapturedSelfie>();
  const { submit, pending, failed } = useRecheckSubmit((message) => {
    setSelfie(undefined);
    void queryClient.invalidateQueries();
    onClose();
    void showToast(message);
  });
  const locked = (failed && failed.attemptsLeft === 0) || state?.attemptsLeft === 0;
  const close = gated ? () => undefined : onClose;
  return (
    <Sheet
      visible={visible}
      onClose={close}
      closable={!gated}
      closeOnMaskClick={false}
      title={t('recheck.title')}
      className="idv-sheet frc-sheet"
    >
      <div className="ui-sheet-form frc-body">
        <p className="frc-intro">{t(`recheck.why.${reason}`)}</p>
        {locked ? null : (
          <SelfieStep
            selfie={selfie}
            required
            onChange={(taken) => {
              setSelfie(taken);
            }}
          />
        )}
        {failed ? (
          <p className="idv-problem" role="alert">
            {failed.message}
          </p>
        ) : null}
        {selfie && !locked ? (
          <Button
            variant="primary"
            block
            busy={pending}
            busyLabel={t('form.sending')}
            onClick={() => void submit(selfie)}
          >
            {t('recheck.send')}
          </Button>
        ) : null}
        <p className="idv-privacy">{t('recheck.privacy')}</p>
        {gated ? (
          <Button variant="ghost" block onClick={() => void logout()}>
            {t('recheck.logout')}
          </Button>
        ) : (
          <Button variant="ghost" block onClick={onClose}>
            {t('recheck.later')}
          </Button>
        )}
      </div>
    </Sheet>
  );
}
