import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { supportConfigQueryOptions } from '../../lib/chat-store';
import { localeInfo } from '../../lib/locales';
import { requestOffer } from '../../lib/offers';
import { usePrefs } from '../../lib/prefs';
import { startSession } from '../../lib/session';
import { readStorage, removeStorage, storageKeys, writeStorage } from '../../lib/storage';
import { reloadUserInfo } from '../../lib/user-info';
import { useRestRegister } from './api/restRegister';
import { Captcha } from './Captcha';
import { newCodeId } from './captcha';
import { EmailInput } from './EmailInput';
import {
  emptySignupExtras,
  LicensedSignupFields,
  licensedSignupBody,
  type SignupExtras,
} from './LicensedSignupFields';
import { isLongEnough, PasswordInput } from './PasswordInput';

/** A link whose text the translation supplies (Trans fills `children`). */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

type RegisterField = 'username' | 'pwd' | 'captCode' | 'agreed';

const missingFieldKeys: Record<RegisterField, string> = {
  username: 'fields.email',
  pwd: 'fields.password',
  captCode: 'fields.captcha',
  agreed: 'register.agreementField',
};

/** What an account cannot be made without, in the form's order: the e-mail, the password, the code, the tick. */
export function missingFields(form: { username: string; pwd: string; captCode: string; agreed: boolean }) {
  const missing: RegisterField[] = [];
  if (form.username.trim() === '') missing.push('username');
  if (form.pwd === '') missing.push('pwd');
  if (form.captCode === '') missing.push('captCode');
  if (!form.agreed) missing.push('agreed');
  return missing;
}

/**
 * Registration. The only client-side checks are the agreement tick and a filled captcha
 * ('Por favor verifique', naming every field still empty); everything else is the server's to judge (spec.md
 * section 5).
 */
export function RegisterForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('auth');
  const locale = usePrefs((state) => state.locale);
  const isApp = usePrefs((state) => state.isApp);
  const [username, setUsername] = useState('');
  const [phone, setPhone] = useState('');
  const [pwd, setPwd] = useState('');
  const [pwd1, setPwd1] = useState('');
  const [captCode, setCaptCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [codeId, setCodeId] = useState(() => newCodeId());
  const [problem, setProblem] = useState('');
  const register = useRestRegister();
  // Under br-licensed the server asks for the deposit, loss and time limits, gender and address at sign-up (0055).
  const licensed = useQuery(supportConfigQueryOptions).data?.regulatoryProfile === 'br-licensed';
  const [extras, setExtras] = useState<SignupExtras>(emptySignupExtras);
  const inviteCode = readStorage(storageKeys.inviteCode) ?? '';
  const country = localeInfo(locale).dialCode;
  const refreshCaptcha = () => {
    setCodeId(newCodeId());
    setCaptCode('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    if (!agreed || captCode === '') {
      // spec.md section 5 blocks on these two with 'Por favor verifique'; the player is also told what is left.
      const missing = missingFields({ username, pwd, captCode, agreed });
      const names = missing.map((field) => t(missingFieldKeys[field]));
      const list = new Intl.ListFormat(localeInfo(locale).intlTag, { type: 'conjunction' }).format(names);
      setProblem(t('register.missing', { fields: list }));
      return;
    }
    if (!isLongEnough(pwd)) {
      setProblem(t('fields.passwordRule'));
      return;
    }
    setProblem('');
    register.mutate(
      {
        name: '',
        cardNo: '',
        username: username.trim(),
        country,
        phone: phone.trim(),
        pwd,
        pwd1,
        regcode: inviteCode,
        codeId,
        captCode,
        isapp: isApp ? 1 : 0,
        ...(licensed ? licensedSignupBody(extras) : {}),
      },
      {
        async onSuccess(answer) {
          startSession(answer.access_token);
          writeStorage(storageKeys.startMask, '1');
          writeStorage(storageKeys.firstDeposit, '1');
          removeStorage(storageKeys.inviteCode);
          onDone();
          await reloadUserInfo().catch(() => undefined);
          // The second-deposit offer (spec.md section 4), the one offer after registration (docs/decisions/0028).
          requestOffer('secondDeposit');
        },
        onError: refreshCaptcha,
      },
    );
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <EmailInput
        id="register-username"
        label={t('fields.email')}
        placeholder={t('fields.emailPlaceholder')}
        value={username}
        onChange={setUsername}
      />
      <input type="hidden" name="country" value={country} />
      <div className="field">
        <label className="field-label" htmlFor="register-phone">
          {t('fields.phone')}
        </label>
        <div className="phone-row">
          <span className="phone-code" aria-hidden="true">
            {country}
          </span>
          <input
            id="register-phone"
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={20}
            value={phone}
            placeholder={t('fields.phonePlaceholder')}
            onChange={(event) => setPhone(event.target.value.replace(/[^0-9]/g, ''))}
          />
        </div>
      </div>
      <PasswordInput
        id="register-password"
        label={t('fields.password')}
        placeholder={t('fields.passwordPlaceholder')}
        value={pwd}
        onChange={setPwd}
        autoComplete="new-password"
        hint={t('fields.passwordRule')}
      />
      <PasswordInput
        id="register-password-repeat"
        label={t('fields.repeatPassword')}
        placeholder={t('fields.repeatPasswordPlaceholder')}
        value={pwd1}
        onChange={setPwd1}
        autoComplete="new-password"
      />
      <input type="hidden" name="regcode" value={inviteCode} />
      {licensed ? <LicensedSignupFields value={extras} onChange={setExtras} /> : null}
      <Captcha
        id="register-captcha"
        codeId={codeId}
        value={captCode}
        onChange={setCaptCode}
        onRefresh={refreshCaptcha}
      />
      <label className="agreement">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <span>
          {/* The texts open in a new tab, so what the player typed here stays. */}
          <Trans
            t={t}
            i18nKey="register.agreement"
            components={{
              terms: <NewTabLink href="/termos" />,
              privacy: <NewTabLink href="/privacidade" />,
            }}
          />
        </span>
      </label>
      {problem ? (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" variant="primary" block busy={register.isPending}>
        {t('register.submit')}
      </Button>
    </form>
  );
}
