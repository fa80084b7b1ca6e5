import type { TaxStatement } from './tax.service.ts';

/** Centavos as reais with a dot and two decimals, exact ("-12.05"). */
export function reaisText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * The statement as CSV for the player's own IRPF return. In Portuguese whatever the player's language: it is a
 * document for the Receita Federal, whose forms are in Portuguese. One `campo;valor` block, then one line per
 * withholding.
 */
export function statementCsv(statement: TaxStatement): string {
  const rate = `${Math.floor(statement.rateBasisPoints / 100)}.${String(statement.rateBasisPoints % 100).padStart(2, '0')}`;
  const lines = [
    'campo;valor',
    `ano_calendario;${statement.year}`,
    `regime;${statement.mode}`,
    `aliquota_percentual;${rate}`,
    `faixa_isenta;${reaisText(statement.exemptCents)}`,
    `premios;${reaisText(statement.prizesCents)}`,
    `apostas;${reaisText(statement.stakesCents)}`,
    `premio_liquido;${reaisText(statement.netCents)}`,
    `base_de_calculo;${statement.basis === 'event' ? 'por_evento' : 'liquido_do_periodo'}`,
    `premio_tributavel;${reaisText(statement.taxableCents)}`,
    `imposto_devido;${reaisText(statement.taxDueCents)}`,
    `imposto_retido;${reaisText(statement.withheldCents)}`,
    '',
    'saque;data_utc;imposto_retido',
    ...statement.withholdings.map((w) => `${w.orderId};${w.at.toISOString()};${reaisText(w.taxCents)}`),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
