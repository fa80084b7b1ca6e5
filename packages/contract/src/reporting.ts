import { type Static, Type } from 'typebox';

/** The SPA's daily report and the retention job (issue 30, decision 0054): back-office calls. */
const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', minLength: 10, maxLength: 10 });

export const SpaReportsQuery = Type.Object({ from: Day, to: Day });
export type SpaReportsQuery = Static<typeof SpaReportsQuery>;

export const SpaReportFileEntry = Type.Object({
  name: Type.String(),
  rows: Type.Integer(),
  sha256: Type.String(),
  /** Sums of the file's centavos columns, as integer strings. */
  totals: Type.Record(Type.String(), Type.String()),
});
export type SpaReportFileEntry = Static<typeof SpaReportFileEntry>;

export const SpaReportSummary = Type.Object({
  referenceDay: Type.String(),
  layout: Type.String(),
  revision: Type.Integer(),
  generatedAt: Type.Number(),
  manifestSha256: Type.String(),
  files: Type.Array(SpaReportFileEntry),
});
export type SpaReportSummary = Static<typeof SpaReportSummary>;

export const SpaReportsAnswer = Type.Object({
  /** False under the open profile: nothing is reported to the SPA there. */
  enabled: Type.Boolean(),
  reports: Type.Array(SpaReportSummary),
});
export type SpaReportsAnswer = Static<typeof SpaReportsAnswer>;

export const SpaDayParams = Type.Object({ day: Day });
export const SpaFileParams = Type.Object({
  day: Day,
  name: Type.String({ pattern: '^[a-z0-9_]+\\.(csv|json)$', maxLength: 40 }),
});

export const SpaReportFile = Type.Object({
  name: Type.String(),
  contentType: Type.String(),
  sha256: Type.String(),
  content: Type.String(),
});
export type SpaReportFile = Static<typeof SpaReportFile>;

export const SpaRunAnswer = Type.Object({ changed: Type.Boolean(), report: SpaReportSummary });
export type SpaRunAnswer = Static<typeof SpaRunAnswer>;

export const RetentionRuleView = Type.Object({
  kind: Type.String(),
  keep: Type.String(),
  action: Type.Union([Type.Literal('delete'), Type.Literal('anonymise')]),
  source: Type.String(),
});
export const RetentionAnswer = Type.Object({
  rules: Type.Array(RetentionRuleView),
  runs: Type.Array(
    Type.Object({
      ranAt: Type.Number(),
      clockAt: Type.Number(),
      counts: Type.Record(Type.String(), Type.Integer()),
    }),
  ),
});
export type RetentionAnswer = Static<typeof RetentionAnswer>;
