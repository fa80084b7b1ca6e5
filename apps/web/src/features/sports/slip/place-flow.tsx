import i18next from 'i18next';
import { formatOdds } from '../../../lib/format';
import { openOverlay } from '../../../lib/overlays';
import { usePrefs } from '../../../lib/prefs';
import { showAlert } from '../../../lib/ui';
import { outcomeText } from '../logic/match-text';
import type { PlaceFailure } from '../logic/place-errors';
import type { SlipLeg } from '../logic/slip-rules';

// What the slip does with a refused bet: the spec's words for the three betting refusals, the new odds
// offered for acceptance, the deposit overlay for a short balance (spec.md section 8), the server's own
// message otherwise.

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`sports:${key}`, options ?? {});

async function confirmNewOdds(
  legs: readonly SlipLeg[],
  odds: readonly { selectionId: number; odds: number }[],
): Promise<boolean> {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  const lines = legs.flatMap((leg) => {
    const next = odds.find((entry) => entry.selectionId === leg.selectionId);
    if (!next || next.odds === leg.odds) return [];
    const locale = usePrefs.getState().locale;
    const name = outcomeText(i18next.getFixedT(null, 'sports'), leg, locale);
    return [`${name}: ${formatOdds(leg.odds, locale)} → ${formatOdds(next.odds, locale)}`];
  });
  return Dialog.confirm({
    content: (
      <div className="odds-changed">
        <p>{t('errors.oddsChanged')}</p>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    ),
    confirmText: t('errors.acceptNewOdds'),
    cancelText: t('errors.cancel'),
  });
}

export interface FailureEffects {
  takeOdds(odds: readonly { selectionId: number; odds: number }[]): void;
  showErrorPage(message: string): void;
  closeSlip(): void;
}

export async function explainFailure(
  failure: PlaceFailure,
  legs: readonly SlipLeg[],
  effects: FailureEffects,
): Promise<void> {
  switch (failure.kind) {
    case 'notOpen':
    case 'shopLimit':
    case 'sameMatch':
      await showAlert(t(`errors.${failure.kind}`));
      return;
    case 'oddsChanged':
      if (await confirmNewOdds(legs, failure.odds)) effects.takeOdds(failure.odds);
      return;
    case 'insufficientFunds':
      // The slip (a bottom sheet) gives way so the deposit overlay, or the identity form before it, is on top.
      await showAlert(failure.message, () => {
        effects.closeSlip();
        openOverlay('deposit');
      });
      return;
    case 'blocked':
      effects.showErrorPage(failure.message);
      return;
    case 'loggedOut':
      // The HTTP client has logged the player out already and says so.
      return;
    case 'message':
      await showAlert(failure.message);
      return;
    default:
      await showAlert(t('errors.betFailed'));
  }
}
