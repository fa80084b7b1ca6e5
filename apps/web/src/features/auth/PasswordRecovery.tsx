import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { formatCountdown } from '../../lib/format';
import { showAlert, showToast } from '../../lib/ui';
import { useCheckResetCode } from './api/checkEmail';
import { useSendResetEmail } from './api/sendEmail';
import { useSetPassword } from './api/setPwd';
import { isLongEnough, PasswordInput } from './PasswordInput';
import { startResendCooldown, useResendRemaining } from './resend-cooldown';

type Step = 1 | 2 | 3;

/** The recovery's state and its three calls: send the code, check it (→ check id), save the new password. */
function useRecovery(initialEmail: string, onFinished: () => void) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [checkId, setCheckId] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [problem, setProblem] = useState('');
  const remaining = useResendRemaining();
  const send = useSendResetEmail();
  const check = useCheckResetCode();
  const save = useSetPassword();

  const sendCode = () => {
    const address = email.trim();
    if (!address) return setProblem(t('forgot.enterEmail'));
    if (remaining > 0 || send.isPending) return setProblem(t('forgot.wait'));
    setProblem('');
    send.mutate(address, {
      onSuccess() {
        startResendCooldown();
        void showToast(t('common:messages.sentSuccess'));
        setStep(2);
      },
    });
  };

  const confirmCode = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || !code.trim()) return setProblem(t('forgot.incomplete'));
    setProblem('');
    check.mutate(
      { email: address, code: code.trim() },
      {
        onSuccess(id) {
          setCheckId(id);
          setStep(3);
        },
      },
    );
  };

  const confirmPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword) return setProblem(t('forgot.enterPassword'));
    if (!isLongEnough(newPassword)) return setProblem(t('fields.passwordRule'));
    setProblem('');
    save.mutate(
      { nPwd: newPassword, chkId: checkId },
      {
        onSuccess(message) {
          if (message) void showAlert(message);
          onFinished();
        },
      },
    );
  };

  return {
    step,
    email,
    setEmail,
    code,
    setCode,
    newPassword,
    setNewPassword,
    problem,
    remaining,
    send,
    check,
    save,
    sendCode,
    confirmCode,
    confirmPassword,
  };
}

/**
 * The three-step password recovery (spec.md sections 2 and 4): 1 email and send code, 2 email code
 * and confirm (→ check id), 3 new password and confirm. Also the change-password dialog.
 */
export function PasswordRecovery({
  initialEmail = '',
  lockEmail = false,
  onFinished,
}: {
  initialEmail?: string;
  lockEmail?: boolean;
  onFinished(): void;
}) {
  const { t } = useTranslation('auth');
  const recovery = useRecovery(initialEmail, onFinished);
  const sendLabel =
    recovery.remaining > 0
      ? t('forgot.resendIn', { time: formatCountdown(recovery.remaining) })
      : t('forgot.send');

  return (
    <div className="recovery">
      <RecoverySteps step={recovery.step} />

      {recovery.step < 3 ? (
        <form
          onSubmit={(event) => {
            if (recovery.step === 1) {
              event.preventDefault();
              recovery.sendCode();
            } else recovery.confirmCode(event);
          }}
          noValidate
        >
          <div className="field">
            <label className="field-label" htmlFor="recovery-email">
              {t('forgot.email')}
            </label>
            <div className="send-row">
              <input
                id="recovery-email"
                className="input"
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                maxLength={100}
                value={recovery.email}
                readOnly={lockEmail}
                placeholder={t('forgot.emailPlaceholder')}
                onChange={(event) => recovery.setEmail(event.target.value.toLowerCase())}
              />
              <Button
                variant="gold"
                className="send-button"
                disabled={recovery.remaining > 0}
                busy={recovery.send.isPending}
                onClick={recovery.sendCode}
              >
                {sendLabel}
              </Button>
            </div>
          </div>
          {recovery.step === 2 ? (
            <>
              <div className="field">
                <label className="field-label" htmlFor="recovery-code">
                  {t('forgot.code')}
                </label>
                <input
                  id="recovery-code"
                  className="input"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={12}
                  value={recovery.code}
                  placeholder={t('forgot.codePlaceholder')}
                  onChange={(event) => recovery.setCode(event.target.value)}
                />
              </div>
              {recovery.problem ? <Problem text={recovery.problem} /> : null}
              <Button type="submit" variant="primary" block busy={recovery.check.isPending}>
                {t('forgot.check')}
              </Button>
            </>
          ) : recovery.problem ? (
            <Problem text={recovery.problem} />
          ) : null}
        </form>
      ) : (
        <form onSubmit={recovery.confirmPassword} noValidate>
          <PasswordInput
            id="recovery-new-password"
            label={t('forgot.newPassword')}
            placeholder={t('forgot.newPasswordPlaceholder')}
            value={recovery.newPassword}
            onChange={recovery.setNewPassword}
            autoComplete="new-password"
            hint={t('fields.passwordRule')}
          />
          {recovery.problem ? <Problem text={recovery.problem} /> : null}
          <Button type="submit" variant="primary" block busy={recovery.save.isPending}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}

function RecoverySteps({ step }: { step: Step }) {
  const { t } = useTranslation('auth');
  return (
    <ol className="recovery-steps">
      {([1, 2, 3] as const).map((number) => (
        <li key={number} aria-current={step === number ? 'step' : undefined}>
          {t(`forgot.step${number}`)}
        </li>
      ))}
    </ol>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <p className="form-problem" role="alert">
      {text}
    </p>
  );
}
