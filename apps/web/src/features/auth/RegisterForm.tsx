import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
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
const listOf = (names: string[], intlTag: string) =>
  new Intl.ListFormat(intlTag, { type: 'conjunction' }).format(names);

/** A new account: its session starts, the start mask and the first-deposit offer are due, the invite is used. */
async function welcomeNewPlayer(accessToken: string, onDone: () => void): Promise<void> {
  startSession(accessToken);
  writeStorage(storageKeys.startMask, '1');
  writeStorage(storageKeys.firstDeposit, '1');
  removeStorage(storageKeys.inviteCode);
  onDone();
  await reloadUserInfo().catch(() => undefined);
  // The second-deposit offer (spec.md section 4), the one offer after registration (docs/decisions/0028).
  requestOffer('secondDeposit');
}

/** What stops a submit, in the player's words; null: nothing. */
function formProblem(
  fields: { username: string; pwd: string; captCode: string; agreed: boolean },
  t: TFunction<'auth'>,
  intlTag: string,
): string | null {
  if (!fields.agreed || fields.captCode === '') {
    // spec.md section 5 blocks on these two with 'Por favor verifique'; the player is also told what is left.
    const missing = missingFields(fields).map((field) => t(missingFieldKeys[field]));
    return t('register.missing', { fields: listOf(missing, intlTag) });
  }
  return isLongEnough(fields.pwd) ? null : t('fields.passwordRule');
}

/** The registration form's fields and its submit (spec.md section 5; under br-licensed, decision 0055's fields). */
function useRegisterForm(onDone: () => void) {
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
    const refused = formProblem({ username, pwd, captCode, agreed }, t, localeInfo(locale).intlTag);
    if (refused) return setProblem(refused);
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
        onSuccess: (answer) => welcomeNewPlayer(answer.access_token, onDone),
        onError: refreshCaptcha,
      },
    );
  };

  return {
    username,
    setUsername,
    phone,
    setPhone,
    pwd,
    setPwd,
    pwd1,
    setPwd1,
    captCode,
    setCaptCode,
    agreed,
    setAgreed,
    codeId,
    problem,
    register,
    licensed,
    extras,
    setExtras,
    inviteCode,
    country,
    refreshCaptcha,
    submit,
  };
}

export function RegisterForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('auth');
  const form = useRegisterForm(onDone);
  return (
    <form className="auth-form" onSubmit={form.submit} noValidate>
      <EmailInput
        id="register-username"
        label={t('fields.email')}
        placeholder={t('fields.emailPlaceholder')}
        value={form.username}
        onChange={form.setUsername}
      />
      <input type="hidden" name="country" value={form.country} />
      <PhoneField country={form.country} value={form.phone} onChange={form.setPhone} />
      <PasswordInput
        id="register-password"
        label={t('fields.password')}
        placeholder={t('fields.passwordPlaceholder')}
        value={form.pwd}
        onChange={form.setPwd}
        autoComplete="new-password"
        hint={t('fields.passwordRule')}
      />
      <PasswordInput
        id="register-password-repeat"
        label={t('fields.repeatPassword')}
        placeholder={t('fields.repeatPasswordPlaceholder')}
        value={form.pwd1}
        onChange={form.setPwd1}
        autoComplete="new-password"
      />
      <input type="hidden" name="regcode" value={form.inviteCode} />
      {form.licensed ? <LicensedSignupFields value={form.extras} onChange={form.setExtras} /> : null}
      <Captcha
        id="register-captcha"
        codeId={form.codeId}
        value={form.captCode}
        onChange={form.setCaptCode}
        onRefresh={form.refreshCaptcha}
      />
      <Agreement checked={form.agreed} onChange={form.setAgreed} />
      {form.problem ? (
        <p className="form-problem" role="alert">
          {form.problem}
        </p>
      ) : null}
      <Button type="submit" variant="primary" block busy={form.register.isPending}>
        {t('register.submit')}
      </Button>
    </form>
  );
}

/** The phone, digits only, after the country's dialling code. */
function PhoneField({
  country,
  value,
  onChange,
}: {
  country: string;
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('auth');
  return (
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
          value={value}
          placeholder={t('fields.phonePlaceholder')}
          onChange={(event) => onChange(event.target.value.replace(/[^0-9]/g, ''))}
        />
      </div>
    </div>
  );
}

/** The Terms and the Privacy Policy, agreed to with a tick. */
function Agreement({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const { t } = useTranslation('auth');
  return (
    <label className="agreement">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
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
  );
}
