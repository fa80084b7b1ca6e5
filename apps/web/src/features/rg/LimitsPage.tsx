import type { ExclusionPeriod, PendingLimit, RgLimits, RgLimitsBody } from '@aposta/contract';
import { reaisToCents } from '@aposta/money';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../components/page-props';
import { AmountField } from '../../components/ui/AmountField';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { formatMoney } from '../../lib/format';
import { amountForApi, decimalSeparator, formatAmountInput, parseAmountInput } from '../../lib/money-input';
import { usePrefs } from '../../lib/prefs';
import { clearSession } from '../../lib/session';
import { showAlert, showToast } from '../../lib/ui';
import { exclude, useRgLimits, useSaveLimits } from './api';
import { rgNamespace } from './rg-i18n';
import './rg.css';

const MONEY_KINDS = ['deposit', 'loss', 'stake'] as const;
const PERIODS = ['day', 'week', 'month'] as const;
const EXCLUSIONS: readonly ExclusionPeriod[] = ['1d', '7d', '30d', '180d', 'permanent'];
type MoneyKind = (typeof MONEY_KINDS)[number];
type Period = (typeof PERIODS)[number];
type Texts = Record<`${MoneyKind}.${Period}` | 'sessionMinutes' | 'realityCheckMinutes', string>;

function textsOf(limits: RgLimits, decimal: string): Texts {
  const texts = {} as Texts;
  for (const kind of MONEY_KINDS)
    for (const period of PERIODS) {
      const value = limits[kind][period];
      texts[`${kind}.${period}`] = value === null ? '' : formatAmountInput(reaisToCents(value), decimal);
    }
  texts.sessionMinutes = limits.sessionMinutes === null ? '' : String(limits.sessionMinutes);
  texts.realityCheckMinutes = limits.realityCheckMinutes === null ? '' : String(limits.realityCheckMinutes);
  return texts;
}

/** Only what changed goes to the server: an unchanged field must not restart a pending change. */
function changesOf(limits: RgLimits, texts: Texts, decimal: string): RgLimitsBody | 'invalid' {
  const body: RgLimitsBody = {};
  for (const kind of MONEY_KINDS)
    for (const period of PERIODS) {
      const text = texts[`${kind}.${period}`].trim();
      const current = limits[kind][period];
      if (text === '') {
        if (current !== null) body[kind] = { ...body[kind], [period]: null };
        continue;
      }
      const cents = parseAmountInput(text, decimal);
      if (cents === undefined || cents <= 0n) return 'invalid';
      if (current === null || cents !== reaisToCents(current))
        body[kind] = { ...body[kind], [period]: amountForApi(cents) };
    }
  for (const field of ['sessionMinutes', 'realityCheckMinutes'] as const) {
    const text = texts[field].trim();
    const value = text === '' ? null : Number(text);
    if (value !== null && (!Number.isInteger(value) || value < 5 || value > 1440)) return 'invalid';
    if (value !== limits[field]) body[field] = value;
  }
  return body;
}

/** /limites: the player's limits, the changes waiting their 24 h, and the time-out or self-exclusion. */
export default function LimitsPage({ titleKey }: PageProps) {
  const { t } = useTranslation(rgNamespace);
  const { t: tc } = useTranslation();
  const locale = usePrefs((state) => state.locale);
  const decimal = decimalSeparator(locale);
  const limits = useRgLimits();
  const [texts, setTexts] = useState<Texts>();

  useEffect(() => {
    if (limits.data) setTexts(textsOf(limits.data, decimal));
  }, [limits.data, decimal]);

  return (
    <section className="page rg-page" aria-labelledby="page-title">
      <PageHeader title={tc(`pages.${titleKey}`)} />
      <h2 id="page-title" className="visually-hidden">
        {tc(`pages.${titleKey}`)}
      </h2>
      <p className="rg-lead">
        {t('lead')} <Link to="/jogo-responsavel">{t('helpLink')}</Link>
      </p>
      {limits.isError ? (
        <div className="rg-card" role="alert">
          <p>{t('loadFailed')}</p>
          <Button variant="ghost" onClick={() => void limits.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !texts || !limits.data ? (
        <p className="rg-muted">{t('loading')}</p>
      ) : (
        <>
          <LimitsForm limits={limits.data} texts={texts} setTexts={setTexts} />
          <PendingLimits pending={limits.data.pending} />
          <SelfExclusion />
        </>
      )}
    </section>
  );
}

/** The limits themselves: lowering applies at once, raising after 24 hours (the server says which). */
function LimitsForm({
  limits,
  texts,
  setTexts,
}: {
  limits: RgLimits;
  texts: Texts;
  setTexts(texts: Texts): void;
}) {
  const { t } = useTranslation(rgNamespace);
  const locale = usePrefs((state) => state.locale);
  const decimal = decimalSeparator(locale);
  const save = useSaveLimits();
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const body = changesOf(limits, texts, decimal);
    if (body === 'invalid') {
      setProblem(t('form.invalid'));
      return;
    }
    setProblem('');
    save.mutate(body, {
      onSuccess({ limits: saved, message }) {
        setTexts(textsOf(saved, decimal));
        void showToast(saved.pending.length > 0 ? t('form.savedPending') : message || t('form.saved'));
      },
    });
  };

  return (
    <form className="rg-card" onSubmit={submit} noValidate aria-label={t('form.title')}>
      <h3 className="rg-title">{t('form.title')}</h3>
      <p className="rg-muted">{t('form.rule')}</p>
      {MONEY_KINDS.map((kind) => (
        <fieldset key={kind} className="rg-group">
          <legend>{t(`groups.${kind}`)}</legend>
          <div className="rg-row">
            {PERIODS.map((p) => (
              <AmountField
                key={p}
                id={`rg-${kind}-${p}`}
                label={t(`periods.${p}`)}
                value={texts[`${kind}.${p}`]}
                placeholder="—"
                onChange={(text) => setTexts({ ...texts, [`${kind}.${p}`]: text })}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className="rg-group">
        <legend>{t('groups.time')}</legend>
        <div className="rg-row rg-row-two">
          {(['sessionMinutes', 'realityCheckMinutes'] as const).map((field) => (
            <Field key={field} label={t(`fields.${field}`)} hint={t(`hints.${field}`)}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  inputMode="numeric"
                  placeholder={t('none')}
                  value={texts[field]}
                  onChange={(event) =>
                    setTexts({ ...texts, [field]: event.target.value.replace(/\D/g, '').slice(0, 4) })
                  }
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" variant="primary" block busy={save.isPending} busyLabel={t('form.saving')}>
        {t('form.save')}
      </Button>
    </form>
  );
}

/** Raised limits waiting out their 24 hours. */
function PendingLimits({ pending }: { pending: PendingLimit[] }) {
  const { t } = useTranslation(rgNamespace);
  const locale = usePrefs((state) => state.locale);
  const pendingText = (change: PendingLimit) => {
    const what =
      change.kind === 'sessionMinutes' || change.kind === 'realityCheckMinutes'
        ? t(`fields.${change.kind}`)
        : t(`kinds.${change.kind}.${change.period ?? 'day'}`);
    const value =
      change.value === null
        ? t('pending.removed')
        : change.kind === 'sessionMinutes' || change.kind === 'realityCheckMinutes'
          ? t('minutes', { count: change.value })
          : formatMoney(change.value, locale);
    const when = new Intl.DateTimeFormat(locale.replace('_', '-'), {
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(change.effectiveAt));
    return t('pending.item', { what, value, when });
  };

  return (
    <section className="rg-card" aria-labelledby="rg-pending">
      <h3 id="rg-pending" className="rg-title">
        {t('pending.title')}
      </h3>
      {pending.length === 0 ? (
        <p className="rg-muted">{t('pending.none')}</p>
      ) : (
        <ul className="rg-pending">
          {pending.map((change) => (
            <li key={`${change.kind}.${change.period}`}>{pendingText(change)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A break or a self-exclusion: confirmed in a dialog, then the session ends. */
function SelfExclusion() {
  const { t } = useTranslation(rgNamespace);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const locale = usePrefs((state) => state.locale);
  const [period, setPeriod] = useState<ExclusionPeriod>('1d');
  const [excluding, setExcluding] = useState(false);
  const confirmExclusion = async () => {
    const until =
      period === 'permanent'
        ? undefined
        : new Intl.DateTimeFormat(locale.replace('_', '-'), {
            dateStyle: 'short',
            timeStyle: 'short',
          }).format(new Date(Date.now() + Number.parseInt(period, 10) * 86_400_000));
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const confirmed = await Dialog.confirm({
      title: t('exclude.confirmTitle'),
      content: period === 'permanent' ? t('exclude.confirmPermanent') : t('exclude.confirmUntil', { until }),
      confirmText: t('exclude.confirm'),
      cancelText: tc('actions.cancel'),
    });
    if (!confirmed) return;
    setExcluding(true);
    try {
      const message = await exclude({ period });
      // Home first: this page needs a login, and its guard would otherwise greet the ended session with an alert.
      await navigate('/home', { replace: true });
      // React Router renders the new page in a transition: let it commit before the token goes.
      await new Promise((resolve) => setTimeout(resolve, 100));
      clearSession();
      void showAlert(message || t('exclude.done'));
    } catch {
      setExcluding(false);
    }
  };

  return (
    <section className="rg-card" aria-labelledby="rg-exclude">
      <h3 id="rg-exclude" className="rg-title">
        {t('exclude.title')}
      </h3>
      <p className="rg-muted">{t('exclude.lead')}</p>
      <div className="rg-choices" role="radiogroup" aria-label={t('exclude.title')}>
        {EXCLUSIONS.map((choice) => (
          <label key={choice} className={choice === period ? 'rg-choice is-active' : 'rg-choice'}>
            <input
              type="radio"
              name="rg-exclusion"
              value={choice}
              checked={choice === period}
              onChange={() => setPeriod(choice)}
            />
            {t(`exclude.periods.${choice}`)}
          </label>
        ))}
      </div>
      <Button variant="ghost" block busy={excluding} onClick={() => void confirmExclusion()}>
        {t('exclude.button')}
      </Button>
    </section>
  );
}
