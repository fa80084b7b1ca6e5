import type {
  ActivityDetail,
  ActivitySummary,
  BalancesAnswer,
  BonusAnswer,
  GiftsAnswer,
  SigninAnswer,
  SigninClaimAnswer,
  VipLevel,
  VipStatusAnswer,
} from '@aposta/contract';

// The engagement calls' answers (api-contract.md section 13) under the names the pages use; the shapes are
// the server's own schemas (packages/contract/src/engagement.ts).
export type { ActivitySummary };
export type VipLevelRow = VipLevel;
export type VipStatus = VipStatusAnswer;
export type Balances = BalancesAnswer;
export type SignInState = SigninAnswer;
export type SignInDay = SigninAnswer['days'][number];
export type SignInClaim = SigninClaimAnswer;
export type Activity = ActivityDetail;
export type Gift = GiftsAnswer[number];
export type BonusState = BonusAnswer;
export type BonusHistoryEntry = BonusAnswer['history'][number];
