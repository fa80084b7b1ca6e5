import type { RegisterBody } from '@aposta/contract';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../components/ui/AmountField';
import { Field } from '../../components/ui/Field';
import { amountForApi } from '../../lib/money-input';

/**
 * What br-licensed asks at sign-up besides the account (Portaria SPA/MF 1.231/2024 art. 31 as amended in 2025,
 * decision 0055): the deposit, loss and time limits together, the gender and the address. The server judges them;
 * the sheet only sends what was filled, so a refusal names what is left.
 */
export interface SignupExtras {
  depositText: string;
  depositCents: bigint | undefined;
  lossText: string;
  lossCents: bigint | undefined;
  sessionMinutes: string;
  gender: '' | 'female' | 'male' | 'other' | 'undisclosed';
  addressLine: string;
  city: string;
  state: string;
  postalCode: string;
}

export const emptySignupExtras: SignupExtras = {
  depositText: '',
  depositCents: undefined,
  lossText: '',
  lossCents: undefined,
  sessionMinutes: '',
  gender: '',
  addressLine: '',
  city: '',
  state: '',
  postalCode: '',
};

type LicensedBody = Pick<
  RegisterBody,
  'depositMonth' | 'lossMonth' | 'sessionMinutes' | 'gender' | 'addressLine' | 'city' | 'state' | 'postalCode'
>;

/** The register request's fields for what was filled (monthly money limits, minutes as a whole number). */
export function licensedSignupBody(extras: SignupExtras): LicensedBody {
  const minutes = Number.parseInt(extras.sessionMinutes, 10);
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const body: LicensedBody = {
    depositMonth: extras.depositCents === undefined ? undefined : amountForApi(extras.depositCents),
    lossMonth: extras.lossCents === undefined ? undefined : amountForApi(extras.lossCents),
    sessionMinutes: Number.isFinite(minutes) ? minutes : undefined,
    gender: extras.gender === '' ? undefined : extras.gender,
    addressLine: text(extras.addressLine),
    city: text(extras.city),
    state: text(extras.state)?.toUpperCase(),
    postalCode: text(extras.postalCode),
  };
  // Left out rather than sent as undefined: the request carries only what the player filled.
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as LicensedBody;
}

const GENDERS = ['female', 'male', 'other', 'undisclosed'] as const;
const genderKey = {
  female: 'register.genderFemale',
  male: 'register.genderMale',
  other: 'register.genderOther',
  undisclosed: 'register.genderUndisclosed',
} as const;

function TextField(props: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
  maxLength: number;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
}) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint}>
      {(control) => (
        <input
          {...control}
          className="input"
          inputMode={props.inputMode ?? 'text'}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export function LicensedSignupFields({
  value,
  onChange,
}: {
  value: SignupExtras;
  onChange(next: SignupExtras): void;
}) {
  const { t } = useTranslation('auth');
  const set = (patch: Partial<SignupExtras>) => onChange({ ...value, ...patch });
  return (
    <>
      <AmountField
        id="register-deposit-limit"
        label={t('register.depositLimit')}
        hint={t('register.depositLimitHint')}
        value={value.depositText}
        onChange={(text, cents) => set({ depositText: text, depositCents: cents })}
      />
      <AmountField
        id="register-loss-limit"
        label={t('register.lossLimit')}
        hint={t('register.depositLimitHint')}
        value={value.lossText}
        onChange={(text, cents) => set({ lossText: text, lossCents: cents })}
      />
      <TextField
        id="register-time-limit"
        label={t('register.timeLimit')}
        inputMode="numeric"
        maxLength={4}
        hint={t('register.timeLimitHint')}
        value={value.sessionMinutes}
        onChange={(text) => set({ sessionMinutes: text.replace(/[^0-9]/g, '') })}
      />
      <Field id="register-gender" label={t('register.gender')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={value.gender}
            onChange={(event) => set({ gender: event.target.value as SignupExtras['gender'] })}
          >
            <option value="">{t('register.genderChoose')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(genderKey[gender])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        id="register-address"
        label={t('register.addressLine')}
        autoComplete="street-address"
        maxLength={200}
        value={value.addressLine}
        onChange={(text) => set({ addressLine: text })}
      />
      <TextField
        id="register-city"
        label={t('register.city')}
        autoComplete="address-level2"
        maxLength={100}
        value={value.city}
        onChange={(text) => set({ city: text })}
      />
      <TextField
        id="register-state"
        label={t('register.state')}
        autoComplete="address-level1"
        maxLength={2}
        value={value.state}
        onChange={(text) => set({ state: text.replace(/[^A-Za-z]/g, '').toUpperCase() })}
      />
      <TextField
        id="register-postal-code"
        label={t('register.postalCode')}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={9}
        value={value.postalCode}
        hint={t('register.personalDataHint')}
        onChange={(text) => set({ postalCode: text.replace(/[^0-9-]/g, '') })}
      />
    </>
  );
}
