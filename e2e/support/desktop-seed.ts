import { api, registerPlayerByApi } from './desktop.ts';

/** Valid CPFs (check digits computed) for the seeded players' KYC and PIX keys. */
const CPFS = ['12345678909', '98765432100', '11122233396', '31415926590', '27182818205', '16180339805'];
const NAMES = ['Ana Souza', 'Bruno Lima', 'Carla Mendes', 'Diego Rocha', 'Elisa Prado', 'Felipe Nunes'];

async function ok<T>(answer: Promise<{ http: number; message: string; data: T }>, what: string): Promise<T> {
  const settled = await answer;
  if (settled.http !== 200) throw new Error(`${what}: ${settled.http} ${settled.message}`);
  return settled.data;
}

/**
 * Players as a screenshot wants them: identity checked, deposits paid through the emulated PSP's PIX, a few dice
 * rounds, first withdrawals waiting for review (the first-withdrawal risk rule), one approved, one rejected.
 */
export async function seedBackOffice(baseUrl: string, operator: string) {
  const packages = await ok(
    api<{ pkgId: number; price: number; curreny: string; enabled: boolean }[]>(
      baseUrl,
      'GET',
      '/api/admin/packages',
      {
        token: operator,
      },
    ),
    'packages',
  );
  const brl = packages
    .filter((pkg) => pkg.curreny === 'BRL' && pkg.enabled && pkg.price >= 50 && pkg.price <= 1000)
    .sort((a, b) => a.price - b.price);
  const players = [];
  for (const [index, name] of NAMES.entries()) {
    const username = `${name.toLowerCase().replace(' ', '.')}@example.com`;
    const player = await registerPlayerByApi(baseUrl, username);
    const token = player.token;
    await ok(
      api(baseUrl, 'POST', '/api/app/user/updateKyc', { token, body: { name, cardNo: CPFS[index] } }),
      'kyc',
    );
    // Withdrawals need approved KYC: the operator approves every seeded identity but the last, which waits.
    if (index < NAMES.length - 1)
      await ok(
        api(baseUrl, 'POST', `/api/admin/kyc/${player.uId}`, {
          token: operator,
          body: { decision: 'approve' },
        }),
        'kyc approval',
      );
    const pkg = brl[index % brl.length]!;
    const order = await ok(
      api<{ payNo: string }>(baseUrl, 'POST', `/api/app/order/prePay/${pkg.pkgId}`, {
        token,
        body: { gift: '0' },
      }),
      'prePay',
    );
    if (index !== 5)
      await ok(api(baseUrl, 'POST', `/api/pay/emulator/_emulator/cob/${order.payNo}/pay`), 'pay');
    for (let round = 0; index !== 5 && round < index + 2; round += 1) {
      await ok(
        api(baseUrl, 'POST', '/api/app/game/dice/bet', {
          token,
          body: { amount: 2, target: 50, direction: round % 2 === 0 ? 'under' : 'over' },
        }),
        'dice',
      );
    }
    players.push({ ...player, name, cpf: CPFS[index]!, paid: index !== 5 });
  }
  // Open sports bets, so that the trading page has stakes and liability to show.
  // The matches the trading page lists first (upcoming football).
  const matches = await ok(
    api<{ records: { matchId: number }[] }>(
      baseUrl,
      'GET',
      '/api/admin/sports/matches?status=upcoming&sport=football&size=3',
      { token: operator },
    ),
    'matches',
  );
  for (const [index, { matchId }] of matches.records.entries()) {
    const match = await ok(
      api<{ markets: { status: string; selections: { selectionId: number; odds: number }[] }[] }>(
        baseUrl,
        'GET',
        `/api/app/sports/matches/${matchId}`,
      ),
      'match',
    );
    const market = match.markets.find((candidate) => candidate.status === 'open');
    if (!market) continue;
    for (const [pick, player] of players.filter((p) => p.paid).entries()) {
      const selection = market.selections[(pick + index) % market.selections.length]!;
      await ok(
        api(baseUrl, 'POST', '/api/app/sports/bet', {
          token: player.token,
          body: { amount: 5 + pick * 3, selections: [selection], acceptOdds: 'any' },
        }),
        'sports bet',
      );
    }
  }
  // Everyone who paid asks for a first withdrawal: each waits in review.
  const orders: number[] = [];
  for (const player of players.filter((p) => p.paid)) {
    await ok(
      api(baseUrl, 'POST', '/api/app/order/withdraw', {
        token: player.token,
        body: { payCardBank: 'CPF', payCardNo: player.cpf, amount: 20 },
      }),
      'withdraw',
    );
  }
  const review = await ok(
    api<{ records: { orderId: number }[] }>(baseUrl, 'GET', '/api/admin/withdrawals?status=review&size=100', {
      token: operator,
    }),
    'withdrawals',
  );
  for (const record of review.records) orders.push(record.orderId);
  if (orders[0])
    await ok(
      api(baseUrl, 'POST', `/api/admin/withdrawals/${orders[0]}/approve`, { token: operator }),
      'approve',
    );
  if (orders[1])
    await ok(
      api(baseUrl, 'POST', `/api/admin/withdrawals/${orders[1]}/reject`, {
        token: operator,
        body: { reason: 'Chave PIX de terceiro' },
      }),
      'reject',
    );
  return players;
}
