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

  const sendLabel =
    remaining > 0 ? t('forgot.resendIn', { time: formatCountdown(remaining) }) : t('forgot.send');

  return (
    <div className="recovery">
      <ol className="recovery-steps">
        {([1, 2, 3] as const).map((number) => (
          <li key={number} aria-current={step === number ? 'step' : undefined}>
            {t(`forgot.step${number}`)}
          </li>
        ))}
      </ol>

      {step < 3 ? (
        <form
          onSubmit={(event) => {
            if (step === 1) {
              event.preventDefault();
              sendCode();
            } else confirmCode(event);
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
                value={email}
                readOnly={lockEmail}
                placeholder={t('forgot.emailPlaceholder')}
                onChange={(event) => setEmail(event.target.value.toLowerCase())}
              />
              <Button
                variant="gold"
                className="send-button"
                disabled={remaining > 0}
                busy={send.isPending}
                onClick={sendCode}
              >
                {sendLabel}
              </Button>
            </div>
          </div>
          {step === 2 ? (
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
                  value={code}
                  placeholder={t('forgot.codePlaceholder')}
                  onChange={(event) => setCode(event.target.value)}
                />
              </div>
              {problem ? <Problem text={problem} /> : null}
              <Button type="submit" variant="primary" block busy={check.isPending}>
                {t('forgot.check')}
              </Button>
            </>
          ) : problem ? (
            <Problem text={problem} />
          ) : null}
        </form>
      ) : (
        <form onSubmit={confirmPassword} noValidate>
          <PasswordInput
            id="recovery-new-password"
            label={t('forgot.newPassword')}
            placeholder={t('forgot.newPasswordPlaceholder')}
            value={newPassword}
            onChange={setNewPassword}
            autoComplete="new-password"
            hint={t('fields.passwordRule')}
          />
          {problem ? <Problem text={problem} /> : null}
          <Button type="submit" variant="primary" block busy={save.isPending}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <p className="form-problem" role="alert">
      {text}
    </p>
  );
}
