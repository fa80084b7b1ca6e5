import { racingSeries, type SportCode } from '@aposta/sports';

/**
 * The simulated feed's competitions: each league with its own roster (fictional fixtures between real-sounding
 * sides). A side belongs to one league only, men and women play in their own tours, and every sport has at
 * least two leagues so that back-to-back kick-offs of one sport never share a side (see simulated.feed.ts).
 */
export interface SimLeague {
  readonly name: string;
  readonly sides: readonly string[];
}

export const simulatedLeagues: Readonly<Record<SportCode, readonly SimLeague[]>> = {
  football: [
    {
      name: 'Brasileirão Série A',
      sides: [
        'Flamengo',
        'Palmeiras',
        'Corinthians',
        'São Paulo',
        'Grêmio',
        'Internacional',
        'Fluminense',
        'Botafogo',
        'Vasco da Gama',
        'Atlético Mineiro',
        'Cruzeiro',
        'Bahia',
        'Fortaleza',
        'Bragantino',
        'Vitória',
        'Juventude',
      ],
    },
    {
      name: 'Premier League',
      sides: [
        'Arsenal',
        'Aston Villa',
        'Bournemouth',
        'Brentford',
        'Brighton',
        'Chelsea',
        'Crystal Palace',
        'Everton',
        'Fulham',
        'Liverpool',
        'Manchester City',
        'Manchester United',
        'Newcastle',
        'Nottingham Forest',
        'Tottenham',
        'West Ham',
      ],
    },
    {
      name: 'La Liga',
      sides: [
        'Real Madrid',
        'Barcelona',
        'Atlético de Madrid',
        'Athletic Bilbao',
        'Real Sociedad',
        'Villarreal',
        'Real Betis',
        'Sevilla',
        'Valencia',
        'Celta de Vigo',
        'Osasuna',
        'Getafe',
        'Girona',
        'Mallorca',
        'Rayo Vallecano',
        'Espanyol',
      ],
    },
  ],
  basketball: [
    {
      name: 'NBB',
      sides: [
        'Flamengo Basquete',
        'Franca',
        'Minas',
        'Pinheiros',
        'Bauru',
        'Paulistano',
        'Brasília',
        'São José',
      ],
    },
    {
      name: 'NBA',
      sides: ['Celtics', 'Lakers', 'Warriors', 'Bucks', 'Nuggets', 'Knicks', 'Heat', 'Thunder'],
    },
  ],
  tennis: [
    {
      name: 'ATP 500 Rio de Janeiro',
      sides: [
        'J. Fonseca',
        'T. Monteiro',
        'C. Alcaraz',
        'J. Sinner',
        'A. Zverev',
        'T. Fritz',
        'C. Ruud',
        'H. Rune',
      ],
    },
    {
      name: 'WTA 250 São Paulo',
      sides: [
        'B. Haddad Maia',
        'L. Pigossi',
        'I. Swiatek',
        'A. Sabalenka',
        'C. Gauff',
        'E. Rybakina',
        'J. Pegula',
        'M. Andreeva',
      ],
    },
  ],
  boxing: [
    {
      name: 'Peso Pesado',
      sides: ['A. Silva', 'R. Conceição', 'H. Fernandes', 'E. Falcão', 'P. Freitas', 'B. Ferreira'],
    },
    {
      name: 'Peso Leve',
      sides: ['J. Ramos', 'M. Souza', 'W. Santos', 'L. Araújo', 'C. Moraes', 'D. Lima'],
    },
  ],
  snooker: [
    {
      name: 'UK Championship',
      sides: ["R. O'Sullivan", 'J. Trump', 'M. Selby', 'J. Higgins', 'N. Robertson', 'K. Wilson'],
    },
    {
      name: 'Masters',
      sides: ['M. Allen', 'S. Murphy', 'L. Brecel', 'Ding Junhui', 'Zhao Xintong', 'I. Souza'],
    },
  ],
  baseball: [
    {
      name: 'MLB',
      sides: ['Yankees', 'Dodgers', 'Red Sox', 'Cubs', 'Braves', 'Astros', 'Mets', 'Giants'],
    },
    {
      name: 'Liga Brasileira de Beisebol',
      sides: ['Nippon Blue Jays', 'Gigantes', 'Medicina USP', 'Atibaia', 'Marília', 'Coopercotia'],
    },
  ],
  volleyball: [
    {
      name: 'Superliga Masculina',
      sides: ['Sada Cruzeiro', 'Minas Tênis Clube', 'Sesi Bauru', 'Suzano', 'Joinville', 'Campinas'],
    },
    {
      name: 'Superliga Feminina',
      sides: ['Praia Clube', 'Osasco', 'Minas Feminino', 'Sesc Flamengo', 'Pinheiros Feminino', 'Barueri'],
    },
  ],
  badminton: [
    {
      name: 'BWF World Tour',
      sides: ['V. Axelsen', 'A. Ginting', 'K. Momota', 'Lee Zii Jia', 'Shi Yuqi', 'J. Christie'],
    },
    {
      name: 'Campeonato Brasileiro',
      sides: ['Y. Oliveira', 'F. Coelho', 'J. Pacheco', 'L. Vieira', 'R. Farias', 'M. Teixeira'],
    },
  ],
  americanFootball: [
    {
      name: 'NFL',
      sides: ['Chiefs', 'Eagles', '49ers', 'Bills', 'Ravens', 'Lions', 'Cowboys', 'Packers'],
    },
    {
      name: 'BFA',
      sides: [
        'João Pessoa Espectros',
        'Galo FA',
        'Timbó Rex',
        'Corinthians Steamrollers',
        'Cuiabá Arsenal',
        'Ceará Caçadores',
      ],
    },
  ],
  tableTennis: [
    {
      name: 'WTT Champions',
      sides: ['H. Calderano', 'Fan Zhendong', 'Wang Chuqin', 'T. Harimoto', 'Lin Shidong', 'T. Moregard'],
    },
    {
      name: 'Campeonato Brasileiro',
      sides: ['V. Ishiy', 'G. Teodoro', 'L. Iizuka', 'E. Ishiy', 'T. Tsuboi', 'R. Hamamoto'],
    },
  ],
  cricket: [
    {
      name: 'T20 Internacional',
      sides: ['Índia', 'Austrália', 'Inglaterra', 'Paquistão', 'Nova Zelândia', 'África do Sul'],
    },
    {
      name: 'IPL',
      sides: [
        'Mumbai Indians',
        'Chennai Super Kings',
        'Royal Challengers Bengaluru',
        'Kolkata Knight Riders',
        'Rajasthan Royals',
        'Delhi Capitals',
      ],
    },
  ],
  // Racing is still sold as head-to-head matchups between two drivers of the same series (see decision 0027);
  // the series and drivers are the project's own (packages/sports racingSeries), shared with the outright model.
  racing: racingSeries.map((series) => ({
    name: series.name,
    sides: series.runners.map((runner) => runner.name),
  })),
};
