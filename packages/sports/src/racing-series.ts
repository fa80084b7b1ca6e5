import type { Runner } from './racing.ts';

/**
 * The simulated feed's racing series: invented championships and drivers (no real person's name). A runner
 * belongs to one series and a series runs one race at a time, so a runner is never in two events at once.
 */
export interface RacingSeries {
  readonly code: string;
  readonly name: string;
  /** Laps of each race of the series. */
  readonly laps: number;
  readonly runners: readonly Runner[];
}

function grid(prefix: string, entries: readonly (readonly [string, number])[]): Runner[] {
  return entries.map(([name, strength], i) => ({
    id: `${prefix}${String(i + 1).padStart(2, '0')}`,
    name,
    strength,
  }));
}

export const racingSeries: readonly RacingSeries[] = [
  {
    code: 'aurora',
    name: 'Fórmula Aurora',
    laps: 58,
    runners: grid('fa', [
      ['T. Valverde', 1.6],
      ['K. Almstedt', 1.45],
      ['R. Okonjo', 1.3],
      ['D. Marchetti', 1.2],
      ['L. Bragança', 1.05],
      ['S. Ferreirinha', 0.95],
      ['J. Kowalczyk', 0.85],
      ['M. Sanvitale', 0.7],
      ['A. Dufresne', 0.6],
      ['P. Ruiz-Tagle', 0.5],
      ['H. Nakabayashi', 0.4],
      ['E. Lindqvist', 0.3],
      ['B. Cavalcanti', 0.2],
      ['O. Adeyemi-Smith', 0.1],
      ['F. Morandini', 0],
      ['C. Vidigal', -0.1],
    ]),
  },
  {
    code: 'turismo',
    name: 'Turismo Continental',
    laps: 32,
    runners: grid('tc', [
      ['G. Pontes', 1.3],
      ['V. Arruda', 1.2],
      ['N. Tavares', 1.1],
      ['I. Zanetti', 1],
      ['W. Sobral', 0.9],
      ['A. Quaresma', 0.8],
      ['R. Penteado', 0.7],
      ['U. Kaminski', 0.6],
      ['M. Rezende', 0.5],
      ['T. Bittencourt', 0.4],
      ['E. Salgueiro', 0.3],
      ['J. Ventura', 0.2],
    ]),
  },
];
