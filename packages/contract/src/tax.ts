import { type Static, Type } from 'typebox';

/**
 * The player's annual winnings-tax statement (decision 0057): the year's prizes and stakes of settled bets (every
 * product), the net prize, the exempt band, the tax due on the year and each withholding taken at a withdrawal.
 * Money in reais; `rate` in percent (15 = 15.00 %). GET /api/app/tax/statement/download gives the same as CSV.
 */
export const TaxStatementQuery = Type.Object({
  year: Type.Integer({ minimum: 2024, maximum: 2100 }),
});
export type TaxStatementQuery = Static<typeof TaxStatementQuery>;

export const TaxWithholding = Type.Object({
  /** The withdrawal it was taken from. */
  orderId: Type.Integer(),
  time: Type.Integer(),
  tax: Type.Number(),
});
export type TaxWithholding = Static<typeof TaxWithholding>;

export const TaxStatement = Type.Object({
  year: Type.Integer(),
  /** WINNINGS_TAX: 'off' (nothing applies), 'withhold' (taken at each withdrawal), 'statement-only'. */
  mode: Type.Union([Type.Literal('off'), Type.Literal('withhold'), Type.Literal('statement-only')]),
  rate: Type.Number(),
  exempt: Type.Number(),
  prizes: Type.Number(),
  stakes: Type.Number(),
  net: Type.Number(),
  /** WINNINGS_TAX_BASIS: 'event' (each bet's net prize, no loss offset: IN RFB 2.191/2024) or 'period-net'. */
  basis: Type.Union([Type.Literal('event'), Type.Literal('period-net')]),
  /** The net prize the tax is computed on, on that basis. */
  taxable: Type.Number(),
  taxDue: Type.Number(),
  withheld: Type.Number(),
  withholdings: Type.Array(TaxWithholding),
});
export type TaxStatement = Static<typeof TaxStatement>;
