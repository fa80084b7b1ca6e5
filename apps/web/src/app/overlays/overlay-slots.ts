import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { OverlayProps } from '../../components/overlay-props';
import type { OverlayName } from '../../lib/overlays';

type Slot = LazyExoticComponent<ComponentType<OverlayProps>> | null;

// Every overlay slot and the component that draws it. A slot set to null can already be opened
// (the state exists) but draws nothing until its issue fills it in: one line each.
export const overlaySlots: Record<OverlayName, Slot> = {
  login: lazy(() => import('../../features/auth/AuthPopup')),
  // The register tab of the same popup: OverlayHost shows `login` when either is open.
  register: null,
  forgotPassword: lazy(() => import('../../features/auth/ForgotPasswordPopup')),
  changePassword: lazy(() => import('../../features/auth/ChangePasswordPopup')),
  settings: lazy(() => import('../shell/SettingsPanel')),
  myPanel: lazy(() => import('../shell/MyPanel')),
  support: lazy(() => import('../../features/support/SupportPanel')),
  testAccount: lazy(() => import('../../features/user/TestAccountPopup')),
  increase: lazy(() => import('../../features/rewards/IncreasePopup')),
  // Wallet issue, e.g. `deposit: lazy(() => import('../../features/wallet/DepositOverlay')),`
  deposit: lazy(() => import('../../features/wallet/DepositOverlay')),
  withdraw: lazy(() => import('../../features/wallet/WithdrawOverlay')),
  // The identity form with the selfie (issue 29, decision 0065).
  editBank: lazy(() => import('../../features/identity/IdentityOverlay')),
  // Low-balance offer, opened by the insBalance socket event below 10.
  gameDeposit: lazy(() => import('../../features/wallet/GameDepositOverlay')),
  // Hook point: registration opens this slot (spec.md section 4); the wallet issue draws the offer.
  secondDeposit: lazy(() => import('../../features/wallet/SecondDepositOverlay')),
  // Engagement: the activity-award popup (home) and the start mask after registration.
  award: lazy(() => import('../../features/engage/AwardPopup')),
  startMask: lazy(() => import('../../features/engage/StartMask')),
  // br-licensed: an older registration completes art. 31's fields (decision 0055).
  completeRegistration: lazy(() => import('../../features/auth/CompleteRegistrationSheet')),
  // br-licensed: the repeat face check, "Confirme que é você" (decision 0068).
  faceRecheck: lazy(() => import('../../features/identity/FaceRecheckSheet')),
};
