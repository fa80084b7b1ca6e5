import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { openOverlay } from '../../lib/overlays';
import { startSession } from '../../lib/session';
import { reloadUserInfo } from '../../lib/user-info';
import { useRestLogin } from './api/restLogin';
import { Captcha } from './Captcha';
import { newCodeId } from './captcha';
import { EmailInput } from './EmailInput';
import { PasswordInput } from './PasswordInput';

/** Login: the button stays disabled until username, password and captcha are filled. */
export function LoginForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('auth');
  const [username, setUsername] = useState('');
  const [pwd, setPwd] = useState('');
  const [captCode, setCaptCode] = useState('');
  const [codeId, setCodeId] = useState(() => newCodeId());
  const login = useRestLogin();
  const refreshCaptcha = () => {
    setCodeId(newCodeId());
    setCaptCode('');
  };
  const complete = username.trim() !== '' && pwd !== '' && captCode !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || login.isPending) return;
    login.mutate(
      { username: username.trim(), pwd, codeId, captCode },
      {
        async onSuccess(answer) {
          startSession(answer.access_token);
          setPwd('');
          refreshCaptcha();
          onDone();
          // The user's data is swallowed on failure like every user call; the header shows '-' then.
          await reloadUserInfo().catch(() => undefined);
        },
        // The client already alerted the server's message; a used captcha must be replaced.
        onError: refreshCaptcha,
      },
    );
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <EmailInput
        id="login-username"
        label={t('fields.email')}
        placeholder={t('fields.emailPlaceholder')}
        value={username}
        onChange={setUsername}
      />
      <PasswordInput
        id="login-password"
        label={t('fields.password')}
        placeholder={t('fields.passwordPlaceholder')}
        value={pwd}
        onChange={setPwd}
      />
      <Captcha
        id="login-captcha"
        codeId={codeId}
        value={captCode}
        onChange={setCaptCode}
        onRefresh={refreshCaptcha}
      />
      <div className="auth-links">
        <Button variant="bare" className="link-button" onClick={() => openOverlay('forgotPassword')}>
          {t('login.forgot')}
        </Button>
      </div>
      <Button type="submit" variant="primary" block disabled={!complete} busy={login.isPending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
