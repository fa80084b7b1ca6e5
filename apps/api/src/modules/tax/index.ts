import { TaxStatement, TaxStatementQuery } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import type { RegisterModule } from '../../app-module.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { statementCsv } from './tax.csv.ts';
import { taxStatement } from './tax.service.ts';

/**
 * The winnings tax (issue 30, decision 0057): the player's annual statement, as JSON and as a CSV download. The
 * withholding itself happens in the withdrawal's transaction (modules/wallet calls tax.service).
 */
export const register: RegisterModule = (app, ctx) => {
  const tags = ['tax'];

  app.get(
    '/api/app/tax/statement',
    {
      onRequest: ctx.guards.requirePlayer,
      schema: { tags, querystring: TaxStatementQuery, response: { 200: Envelope(TaxStatement) } },
    },
    async (request) => {
      const s = await taxStatement(ctx, request.playerId, request.query.year);
      return ok({
        year: s.year,
        mode: s.mode,
        rate: s.rateBasisPoints / 100,
        exempt: centsToReais(s.exemptCents),
        prizes: centsToReais(s.prizesCents),
        stakes: centsToReais(s.stakesCents),
        net: centsToReais(s.netCents),
        basis: s.basis,
        taxable: centsToReais(s.taxableCents),
        taxDue: centsToReais(s.taxDueCents),
        withheld: centsToReais(s.withheldCents),
        withholdings: s.withholdings.map((w) => ({
          orderId: Number(w.orderId),
          time: w.at.getTime(),
          tax: centsToReais(w.taxCents),
        })),
      });
    },
  );

  app.get(
    '/api/app/tax/statement/download',
    { onRequest: ctx.guards.requirePlayer, schema: { tags, querystring: TaxStatementQuery } },
    async (request, reply) => {
      const { year } = request.query;
      const csv = statementCsv(await taxStatement(ctx, request.playerId, year));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="informe-apostas-${year}.csv"`)
        .send(csv);
    },
  );
};
