import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/Button';
import { gamesNamespace } from '../../games-i18n';
import type { VerifyField, VerifyForm } from '../../logic/verifier';
import type { VerifyState } from './useVerifyForm';

function Field({
  field,
  form,
  onChange,
  invalid,
  optional = false,
  inputMode,
}: {
  field: VerifyField;
  form: VerifyForm;
  onChange(field: VerifyField, value: string): void;
  invalid: boolean;
  optional?: boolean;
  inputMode?: 'numeric' | 'text';
}) {
  const { t } = useTranslation(gamesNamespace);
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t(`verify.fields.${field}`)}
        {optional ? ` (${t('verify.optional')})` : ''}
      </label>
      <input
        id={id}
        className="input mono"
        value={form[field]}
        maxLength={128}
        autoComplete="off"
        spellCheck={false}
        inputMode={inputMode}
        aria-invalid={invalid}
        onChange={(event) => onChange(field, event.target.value)}
      />
      {invalid ? <p className="bet-hint">{t(`verify.invalid.${field}`)}</p> : null}
    </div>
  );
}

/** A round game's inputs: the round to load (Double's id or Lucky Color's period and issue), then the chain. */
export function RoundGameFields({ state }: { state: VerifyState }) {
  const { t } = useTranslation(gamesNamespace);
  const { form, change, canLoad, loading, load, roundField } = state;
  return (
    <>
      {form.game === 'double' || form.game === 'crash' ? (
        <Field field="roundId" form={form} onChange={change} invalid={false} optional inputMode="numeric" />
      ) : (
        <>
          <Field field="period" form={form} onChange={change} invalid={false} optional inputMode="numeric" />
          <Field field="issue" form={form} onChange={change} invalid={false} optional inputMode="numeric" />
        </>
      )}
      <Button variant="ghost" block disabled={!canLoad || loading} onClick={() => void load()}>
        {t('verify.load')}
      </Button>
      <Field field="roundSeed" form={form} onChange={change} invalid={roundField('roundSeed')} />
      <Field field="salt" form={form} onChange={change} invalid={roundField('salt')} />
      <Field
        field="terminatingHash"
        form={form}
        onChange={change}
        invalid={roundField('terminatingHash')}
        optional
      />
      <Field
        field="round"
        form={form}
        onChange={change}
        invalid={roundField('round')}
        optional
        inputMode="numeric"
      />
    </>
  );
}

/** A single bet's inputs: the seed pair, the nonce and, for mines, the mine count. */
export function SingleGameFields({ state }: { state: VerifyState }) {
  const { form, change, singleField } = state;
  return (
    <>
      <Field field="serverSeed" form={form} onChange={change} invalid={singleField('serverSeed')} />
      <Field field="serverSeedHash" form={form} onChange={change} invalid={false} optional />
      <Field field="clientSeed" form={form} onChange={change} invalid={singleField('clientSeed')} />
      <Field field="nonce" form={form} onChange={change} invalid={singleField('nonce')} inputMode="numeric" />
      {form.game === 'mines' ? (
        <Field
          field="mines"
          form={form}
          onChange={change}
          invalid={singleField('mines')}
          inputMode="numeric"
        />
      ) : null}
    </>
  );
}
