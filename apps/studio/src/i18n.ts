// The page's texts: Brazilian Portuguese and English; every other language falls back to English.
export type Language = 'pt_BR' | 'en_US';

const pt_BR = {
  // The provider's wallet lends the game cash and bonus together (a spin takes cash first): named as such, so it
  // is never mistaken for the app header's cash balance (issue 27).
  balance: 'Saldo + bônus',
  bet: 'Aposta',
  spin: 'Girar',
  auto: 'Auto',
  stop: 'Parar',
  win: 'Ganho',
  goodLuck: 'Boa sorte!',
  freeSpins: 'Rodadas grátis',
  freeSpinsWon: '{spins} rodadas grátis!',
  freeSpinsTotal: 'Total das rodadas grátis',
  multiplier: 'Prêmios ×{multiplier}',
  lessBet: 'Diminuir aposta',
  moreBet: 'Aumentar aposta',
  paytable: 'Tabela de pagamentos',
  rules: 'Regras',
  close: 'Fechar',
  line: 'Linha {line}',
  ways: '{ways} maneiras',
  oneWay: '1 maneira',
  paysAtBet: 'Valores para a aposta atual de {bet}.',
  perWay: 'por maneira',
  anywhere: 'em qualquer posição',
  substitutes: 'substitui todos, menos o bônus',
  lines: 'Linhas de pagamento',
  rtp: 'RTP teórico',
  maxWin: 'Ganho máximo por giro',
  volatility: 'Volatilidade',
  low: 'baixa',
  medium: 'média',
  high: 'alta',
  wild: 'CORINGA',
  scatter: 'BÔNUS',
  loading: 'Carregando…',
  insufficient_funds: 'Saldo insuficiente para esta aposta.',
  session_closed: 'A sessão de jogo foi encerrada. Volte e abra o jogo de novo.',
  bad_bet: 'Aposta fora dos limites do jogo.',
  wallet_error: 'A carteira não respondeu. Seu saldo não mudou; tente de novo.',
  network: 'Sem conexão com o servidor do jogo. Tente de novo.',
  missingGame: 'Jogo não encontrado.',
};

const en_US: typeof pt_BR = {
  balance: 'Balance + bonus',
  bet: 'Bet',
  spin: 'Spin',
  auto: 'Auto',
  stop: 'Stop',
  win: 'Win',
  goodLuck: 'Good luck!',
  freeSpins: 'Free spins',
  freeSpinsWon: '{spins} free spins!',
  freeSpinsTotal: 'Free spins total',
  multiplier: 'Wins ×{multiplier}',
  lessBet: 'Lower bet',
  moreBet: 'Raise bet',
  paytable: 'Paytable',
  rules: 'Rules',
  close: 'Close',
  line: 'Line {line}',
  ways: '{ways} ways',
  oneWay: '1 way',
  paysAtBet: 'Amounts for the current bet of {bet}.',
  perWay: 'per way',
  anywhere: 'anywhere',
  substitutes: 'substitutes for all but the bonus',
  lines: 'Paylines',
  rtp: 'Theoretical RTP',
  maxWin: 'Max win per spin',
  volatility: 'Volatility',
  low: 'low',
  medium: 'medium',
  high: 'high',
  wild: 'WILD',
  scatter: 'BONUS',
  loading: 'Loading…',
  insufficient_funds: 'Not enough balance for this bet.',
  session_closed: 'The game session has ended. Go back and open the game again.',
  bad_bet: 'Bet outside the game limits.',
  wallet_error: 'The wallet did not answer. Your balance did not change; try again.',
  network: 'No connection to the game server. Try again.',
  missingGame: 'Game not found.',
};

export type TextKey = keyof typeof pt_BR;

const TEXTS: Record<Language, typeof pt_BR> = { pt_BR, en_US };

/** 'pt_BR', 'pt-BR' or 'pt' → pt_BR; anything else → en_US. */
export function languageOf(requested: string | null): Language {
  return requested?.toLowerCase().startsWith('pt') ? 'pt_BR' : 'en_US';
}

export function translator(language: Language) {
  return (key: TextKey, values: Record<string, string | number> = {}): string =>
    TEXTS[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

export type Translate = ReturnType<typeof translator>;
