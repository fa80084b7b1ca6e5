/** Every menu page of the back office, with the heading it shows in pt-BR: the screenshot tour walks these. */
export const ADMIN_PAGES = [
  { path: 'dashboard', heading: 'Painel' },
  { path: 'players', heading: 'Jogadores' },
  { path: 'kyc', heading: 'Fila de KYC' },
  { path: 'withdrawals', heading: 'Saques' },
  { path: 'deposits', heading: 'Depósitos' },
  { path: 'packages', heading: 'Pacotes de recarga' },
  { path: 'games', heading: 'Catálogo de jogos' },
  { path: 'sportsbook', heading: 'Trading esportivo' },
  { path: 'notices', heading: 'Avisos' },
  { path: 'support', heading: 'Atendimento' },
  { path: 'support-canned', heading: 'Respostas prontas' },
  { path: 'support-settings', heading: 'Ajustes do suporte' },
  { path: 'reconciliation', heading: 'Conciliação' },
  { path: 'operators', heading: 'Operadores e perfis' },
  { path: 'audit', heading: 'Registro de auditoria' },
  { path: 'security', heading: 'Segurança da conta' },
] as const;
