import type { SingleGameCode } from '@aposta/contract';
import { isValidClientSeed } from '@aposta/fair';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { useGameBets } from '../api/bets';
import { type RotateAnswer, rotateSeeds } from '../api/rotate';
import { useSeeds } from '../api/seeds';
import { lastBetWithPair } from '../logic/last-bet';
import { verifyHref } from '../logic/verifier';
import { verifyLink } from './BetHistory';

/**
 * Provably fair, single-player games: the hashes committed to before the bets, the client seed the
 * player may change, the next nonce, and a rotation that reveals the seed for the verifier.
 */
export function FairnessPanel({
  game,
  rotateBlocked = false,
}: {
  game: SingleGameCode;
  /** A mines game is open: its result depends on the current seed, so it cannot be revealed yet. */
  rotateBlocked?: boolean;
}) {
  const { t } = useTranslation('games');
  const { data: seeds } = useSeeds();
  const [clientSeed, setClientSeed] = useState<string | undefined>(undefined);
  const [revealed, setRevealed] = useState<RotateAnswer['revealed'] | undefined>(undefined);
  const [rotating, setRotating] = useState(false);
  const { data: bets } = useGameBets(game);
  const typed = clientSeed ?? seeds?.clientSeed ?? '';
  // This game's last bet with the revealed pair (the pair is shared by every single-player game).
  const lastBetHere = revealed
    ? lastBetWithPair(bets?.records ?? [], game, revealed.serverSeedHash)
    : undefined;
  const seedValid = isValidClientSeed(typed);

  const rotate = async () => {
    if (!seedValid || rotating) return;
    setRotating(true);
    try {
      const answer = await rotateSeeds(typed === seeds?.clientSeed ? undefined : typed);
      setRevealed(answer.revealed);
      setClientSeed(undefined);
    } catch {
      // The HTTP client already told the player why (409 while a mines game is open).
    } finally {
      setRotating(false);
    }
  };

  return (
    <details className="game-section fair-panel">
      <summary className="game-section-title fair-summary">{t('fair.title')}</summary>
      <p className="fair-intro">{t('fair.intro')}</p>
      <dl className="fair-list">
        <dt>{t('fair.serverSeedHash')}</dt>
        <dd className="mono">{seeds?.serverSeedHash ?? '…'}</dd>
        <dt>{t('fair.nextServerSeedHash')}</dt>
        <dd className="mono">{seeds?.nextServerSeedHash ?? '…'}</dd>
        <dt>{t('fair.nonce')}</dt>
        <dd className="mono">{seeds?.nonce ?? '…'}</dd>
      </dl>
      <label className="field">
        <span className="field-label">{t('fair.clientSeed')}</span>
        <input
          className="input mono"
          value={typed}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={!seedValid}
          onChange={(event) => setClientSeed(event.target.value)}
        />
      </label>
      {!seedValid ? <p className="bet-hint">{t('fair.clientSeedRule')}</p> : null}
      <Button
        variant="ghost"
        block
        disabled={!seedValid || rotating || rotateBlocked || !seeds}
        onClick={() => void rotate()}
      >
        {t('fair.rotate')}
      </Button>
      {rotateBlocked ? <p className="bet-hint">{t('fair.rotateBlocked')}</p> : null}
      {revealed ? (
        <section className="fair-revealed" aria-label={t('fair.revealedTitle')}>
          <h3 className="fair-revealed-title">{t('fair.revealedTitle')}</h3>
          <dl className="fair-list">
            <dt>{t('fair.serverSeed')}</dt>
            <dd className="mono">{revealed.serverSeed}</dd>
            <dt>{t('fair.serverSeedHash')}</dt>
            <dd className="mono">{revealed.serverSeedHash}</dd>
            <dt>{t('fair.clientSeed')}</dt>
            <dd className="mono">{revealed.clientSeed}</dd>
            <dt>{t('fair.betsMade')}</dt>
            <dd className="mono">{revealed.nonce}</dd>
          </dl>
          {lastBetHere ? (
            <Link
              className="btn btn-primary btn-block"
              to={verifyLink({
                ...lastBetHere,
                fair: { ...revealed, serverSeed: revealed.serverSeed },
              })}
            >
              {t('fair.verifyRevealed')}
            </Link>
          ) : (
            <p className="bet-hint">{t('fair.noBetHere')}</p>
          )}
        </section>
      ) : null}
      <Link className="fair-link" to={verifyHref({ game })}>
        {t('fair.openVerifier')}
      </Link>
    </details>
  );
}
