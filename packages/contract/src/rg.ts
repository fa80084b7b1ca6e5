import { type Static, Type } from 'typebox';
import { RegisterBody } from './auth.ts';

/**
 * Responsible gambling (api-contract section 17, ours): the player's limits, pending changes, time-out and
 * self-exclusion. Money in reais, times in epoch milliseconds, `null` = no limit.
 */

const Reais = Type.Union([Type.Number(), Type.Null()]);
export const MoneyLimits = Type.Object({ day: Reais, week: Reais, month: Reais });
export type MoneyLimits = Static<typeof MoneyLimits>;

export const RG_LIMIT_KINDS = ['deposit', 'loss', 'stake', 'sessionMinutes', 'realityCheckMinutes'] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];
export const RG_PERIODS = ['day', 'week', 'month'] as const;
export type RgPeriod = (typeof RG_PERIODS)[number];

export const PendingLimit = Type.Object({
  kind: Type.Union([
    Type.Literal('deposit'),
    Type.Literal('loss'),
    Type.Literal('stake'),
    Type.Literal('sessionMinutes'),
    Type.Literal('realityCheckMinutes'),
  ]),
  period: Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month'), Type.Null()]),
  /** Reais for money limits, minutes for the others; null: the limit is removed. */
  value: Reais,
  effectiveAt: Type.Integer(),
});
export type PendingLimit = Static<typeof PendingLimit>;

export const RgLimits = Type.Object({
  deposit: MoneyLimits,
  loss: MoneyLimits,
  stake: MoneyLimits,
  sessionMinutes: Type.Union([Type.Integer(), Type.Null()]),
  /** Minutes of play between reality checks; the default (60) when the player chose none. */
  realityCheckMinutes: Type.Union([Type.Integer(), Type.Null()]),
  pending: Type.Array(PendingLimit),
});
export type RgLimits = Static<typeof RgLimits>;

/** A request amount in reais (number or numeric string, validated exactly by the server) or null (remove). */
const LimitInput = Type.Union([Type.String({ maxLength: 20 }), Type.Number(), Type.Null()]);
const MoneyLimitsInput = Type.Object({
  day: Type.Optional(LimitInput),
  week: Type.Optional(LimitInput),
  month: Type.Optional(LimitInput),
});
const MinutesInput = Type.Union([Type.Integer({ minimum: 1, maximum: 1440 }), Type.Null()]);
export const RgLimitsBody = Type.Object({
  deposit: Type.Optional(MoneyLimitsInput),
  loss: Type.Optional(MoneyLimitsInput),
  stake: Type.Optional(MoneyLimitsInput),
  sessionMinutes: Type.Optional(MinutesInput),
  realityCheckMinutes: Type.Optional(MinutesInput),
});
export type RgLimitsBody = Static<typeof RgLimitsBody>;

/**
 * Ours (issue 30, decision 0055 "Existing players"): an account opened before the registration fields of Portaria
 * SPA/MF 1.231/2024 art. 31 completes them with the register request's own fields (same rules, br-licensed).
 */
export const CompleteRegistrationBody = Type.Pick(RegisterBody, [
  'depositDay',
  'depositWeek',
  'depositMonth',
  'lossDay',
  'lossWeek',
  'lossMonth',
  'sessionMinutes',
  'gender',
  'addressLine',
  'city',
  'state',
  'postalCode',
]);
export type CompleteRegistrationBody = Static<typeof CompleteRegistrationBody>;

export const EXCLUSION_PERIODS = ['1d', '7d', '30d', '180d', 'permanent'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
export const ExcludeBody = Type.Object({
  period: Type.Union([
    Type.Literal('1d'),
    Type.Literal('7d'),
    Type.Literal('30d'),
    Type.Literal('180d'),
    Type.Literal('permanent'),
  ]),
});
export type ExcludeBody = Static<typeof ExcludeBody>;

/** Socket `realityCheck`: minutes played this session and its net result in reais (won minus staked). */
export interface RealityCheckEvent {
  sessionMinutes: number;
  net: number;
}

/** The 1403 of a self-excluded login carries the end: `until` (epoch ms), null when permanent. */
export interface ExcludedData {
  until: number | null;
}

/** Ours: the player's current play session, for the header's timer. */
export const PlaySession = Type.Object({
  /** Epoch ms of the session's first stake; null when no session runs (30 minutes without a stake). */
  startedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type PlaySession = Static<typeof PlaySession>;

export const REGULATORY_PROFILES = ['open', 'br-licensed'] as const;
export type RegulatoryProfile = (typeof REGULATORY_PROFILES)[number];

/** Ours (back office, permission players.read): a player's limits, breaks and identity check. */
export const PlayerRg = Type.Object({
  limits: RgLimits,
  exclusions: Type.Array(
    Type.Object({
      period: Type.String(),
      startsAt: Type.Integer(),
      /** null: permanent. */
      endsAt: Type.Union([Type.Integer(), Type.Null()]),
      active: Type.Boolean(),
    }),
  ),
  birthDate: Type.Union([Type.String(), Type.Null()]),
  /** The identity bureau's answer at KYC (CPF status, name match, PEP), or null. */
  kycCheck: Type.Union([
    Type.Object({ cpfStatus: Type.String(), nameMatch: Type.Boolean(), pep: Type.Boolean() }),
    Type.Null(),
  ]),
});
export type PlayerRg = Static<typeof PlayerRg>;

/**
 * Ours (back office, permission players.read, decision 0055): the registration data of Portaria SPA/MF
 * 1.231/2024 art. 31. Personal data: each read is written to the audit log. null: the player gave none.
 */
export const PlayerRegistrationData = Type.Union([
  Type.Object({
    gender: Type.Union([Type.String(), Type.Null()]),
    addressLine: Type.Union([Type.String(), Type.Null()]),
    city: Type.Union([Type.String(), Type.Null()]),
    state: Type.Union([Type.String(), Type.Null()]),
    postalCode: Type.Union([Type.String(), Type.Null()]),
    signupIp: Type.Union([Type.String(), Type.Null()]),
    purpose: Type.String(),
    legalBasis: Type.String(),
    retentionYears: Type.Integer(),
    createdAt: Type.Integer(),
  }),
  Type.Null(),
]);
export type PlayerRegistrationData = Static<typeof PlayerRegistrationData>;
