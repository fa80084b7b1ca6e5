/** Value sets of these tables, named where code passes them around: see schema.ts (generated types). */
export type { ExclusionPeriod, KycCheck, RgLimitKind, RgPeriod } from './schema.ts';
