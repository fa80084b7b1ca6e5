import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { Tabs } from '../../../components/ui/Tabs';
import { useVerifyForm } from '../components/verify/useVerifyForm';
import { RoundGameFields, SingleGameFields } from '../components/verify/VerifyFields';
import { SeedPending, VerifyResults } from '../components/verify/VerifyResults';
import { gamesNamespace } from '../games-i18n';
import { roundGames, singleGames, type VerifyGame } from '../logic/verifier';
import '../games.css';

/** /verify: recomputes any bet or round in the browser with @aposta/fair, from revealed seeds. */
export default function VerifyPage(_props: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const gameId = useId();
  const state = useVerifyForm();
  const { form, round, changeGame } = state;

  return (
    <section className="game-page" aria-labelledby="verify-title">
      <PageHeader title={t('verify.title')} />
      <main className="game-main">
        <h2 id="verify-title" className="visually-hidden">
          {t('verify.title')}
        </h2>
        <p className="rules-text verify-intro">{t('verify.intro')}</p>
        <Tabs
          label={t('verify.kind')}
          value={round ? 'rounds' : 'single'}
          items={[
            { value: 'single', label: t('verify.single') },
            { value: 'rounds', label: t('verify.rounds') },
          ]}
          onChange={(kind) => changeGame(kind === 'rounds' ? 'double' : 'dice')}
        />

        <section className="bet-panel" aria-label={t('verify.inputs')}>
          <div className="field">
            <label className="field-label" htmlFor={gameId}>
              {t('verify.game')}
            </label>
            <select
              id={gameId}
              className="input"
              value={form.game}
              onChange={(event) => changeGame(event.target.value as VerifyGame)}
            >
              {(round ? roundGames : singleGames).map((game) => (
                <option key={game} value={game}>
                  {t(`common:pages.${game}`)}
                </option>
              ))}
            </select>
          </div>
          {round ? <RoundGameFields state={state} /> : <SingleGameFields state={state} />}
        </section>

        <SeedPending state={state} />
        <VerifyResults state={state} />

        <section className="game-section" aria-label={t('verify.howTitle')}>
          <h2 className="game-section-title">{t('verify.howTitle')}</h2>
          <p className="rules-text">{round ? t('verify.howRounds') : t('verify.howSingle')}</p>
        </section>
      </main>
    </section>
  );
}
