import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useIdentityFlow } from '../../lib/identity-flow';
import { closeOverlay, openOverlay } from '../../lib/overlays';
import type { UserInfo } from '../../lib/user-info';

export type IdentityState = 'none' | 'pending' | 'approved' | 'rejected';

/**
 * The identity review's state (decision 0029): the server's `kycState`; the spec's `kyc` alone only says the form
 * was sent, so it never reads as approved.
 */
export function identityState(
  user: Pick<UserInfo, 'kyc' | 'kycState'> | undefined,
): IdentityState | undefined {
  if (!user) return undefined;
  return user.kycState ?? (user.kyc === 1 ? 'pending' : 'none');
}

/**
 * What the withdraw page says before its form while the identity is not approved: send it (none), wait for the
 * review and how long (pending), or the reason and the form again (rejected). The identity form comes back here.
 */
export function WithdrawIdentity({
  state,
  reason,
}: {
  state: IdentityState;
  reason: string | null | undefined;
}) {
  const { t } = useTranslation('wallet');
  if (state === 'approved') return null;
  const toKyc = () => {
    useIdentityFlow.setState({ returnTo: 'withdraw' });
    closeOverlay('withdraw');
    openOverlay('editBank');
  };
  return (
    <div
      className={state === 'pending' ? 'wallet-info' : 'wallet-problem'}
      role="alert"
      aria-labelledby="withdraw-kyc-title"
    >
      <p id="withdraw-kyc-title">
        <strong>{t(`withdrawKyc.${state}.title`)}</strong>
      </p>
      {state === 'rejected' && reason ? <p>{t('withdrawKyc.rejected.reason', { reason })}</p> : null}
      <p>{t(`withdrawKyc.${state}.text`)}</p>
      {state === 'pending' ? null : <Button onClick={toKyc}>{t(`withdrawKyc.${state}.action`)}</Button>}
    </div>
  );
}
