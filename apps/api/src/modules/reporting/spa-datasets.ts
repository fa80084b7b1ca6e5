import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { type Cell, type Dataset, reais, utc } from './spa-layout.ts';

interface Window {
  start: Date;
  end: Date;
}

const money = (cents: bigint): Cell[] => [cents, reais(cents)];

/**
 * Bets whose result became final during the day, each once, with its stake and prize: the SPA's revenue (GGR)
 * is counted on settled bets, and a settled bet no longer changes, so a rerun gives the same file. Open bets
 * appear on the day they settle. Slot rounds rolled back never count.
 */
async function bets(db: Db, window: Window): Promise<Dataset> {
  const rows = await sql<{
    id: string;
    product: string;
    user_id: string;
    placed_at: Date;
    settled_at: Date;
    stake: string;
    prize: string;
  }>`
    SELECT * FROM (
      SELECT 'originals-' || b.id AS id, 'originals' AS product, b.user_id::text, b.created_at AS placed_at,
             b.settled_at, b.amount_cents::text AS stake, b.payout_cents::text AS prize, b.id AS n
        FROM game_bets b JOIN users u ON u.id = b.user_id AND NOT u.test_flag
       WHERE b.status = 'settled' AND b.settled_at >= ${window.start} AND b.settled_at < ${window.end}
      UNION ALL
      SELECT 'sports-' || b.id, 'sports', b.user_id::text, b.created_at, b.settled_at, b.stake_cents::text,
             (b.payout_cents + b.cashout_paid_cents)::text, b.id
        FROM sports_bets b JOIN users u ON u.id = b.user_id AND NOT u.test_flag
       WHERE b.settled_at >= ${window.start} AND b.settled_at < ${window.end}
      UNION ALL
      SELECT 'slots-' || r.id, 'slots', r.user_id::text, r.created_at, r.closed_at, r.stake_cents::text,
             r.win_cents::text, r.id
        FROM slot_rounds r JOIN users u ON u.id = r.user_id AND NOT u.test_flag
       WHERE r.status = 'closed' AND r.closed_at >= ${window.start} AND r.closed_at < ${window.end}
    ) settled ORDER BY product, n`.execute(db);
  return {
    name: 'apostas.csv',
    columns: [
      'id_aposta',
      'produto',
      'id_apostador',
      'colocada_em_utc',
      'liquidada_em_utc',
      'valor_aposta_centavos',
      'valor_aposta_reais',
      'valor_premio_centavos',
      'valor_premio_reais',
    ],
    totals: ['valor_aposta_centavos', 'valor_premio_centavos'],
    rows: rows.rows.map((row) => [
      row.id,
      row.product,
      row.user_id,
      utc(row.placed_at),
      utc(row.settled_at),
      ...money(BigInt(row.stake)),
      ...money(BigInt(row.prize)),
    ]),
  };
}

/** Players who opened an account during the day (test accounts never reach the regulator). */
async function players(db: Db, window: Window): Promise<Dataset> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'created_at', 'kyc_cpf', 'kyc_status', 'status'])
    .where('created_at', '>=', window.start)
    .where('created_at', '<', window.end)
    .where('test_flag', '=', false)
    .orderBy('id')
    .execute();
  return {
    name: 'apostadores.csv',
    columns: ['id_apostador', 'cadastrado_em_utc', 'cpf', 'situacao_kyc', 'situacao_conta'],
    totals: [],
    rows: rows.map((row) => [String(row.id), utc(row.created_at), row.kyc_cpf, row.kyc_status, row.status]),
  };
}

/** Deposits paid during the day (the moment the PSP reported the payment). */
async function deposits(db: Db, window: Window): Promise<Dataset> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.user_id', 'orders.created_at', 'orders.finished_at', 'orders.amount_cents'])
    .select('orders.provider')
    .where('orders.type', '=', '10')
    .where('orders.status', '=', '10')
    .where('orders.finished_at', '>=', window.start)
    .where('orders.finished_at', '<', window.end)
    .where('users.test_flag', '=', false)
    .orderBy('orders.id')
    .execute();
  return {
    name: 'depositos.csv',
    columns: [
      'id_deposito',
      'id_apostador',
      'criado_em_utc',
      'pago_em_utc',
      'valor_centavos',
      'valor_reais',
      'meio',
    ],
    totals: ['valor_centavos'],
    rows: rows.map((row) => [
      String(row.id),
      String(row.user_id),
      utc(row.created_at),
      utc(row.finished_at),
      ...money(BigInt(row.amount_cents)),
      row.provider,
    ]),
  };
}

const WITHDRAWAL_STATE: Record<string, string> = { '10': 'pago', '01': 'recusado', '-01': 'falhou' };

/** Withdrawals that reached their end during the day: paid, refused (money back) or failed (money back). */
async function withdrawals(db: Db, window: Window): Promise<Dataset> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.user_id', 'orders.created_at', 'orders.finished_at', 'orders.amount_cents'])
    .select(['orders.status', 'orders.pay_card_bank'])
    .where('orders.type', '=', '11')
    .where('orders.status', '!=', '00')
    .where('orders.finished_at', '>=', window.start)
    .where('orders.finished_at', '<', window.end)
    .where('users.test_flag', '=', false)
    .orderBy('orders.id')
    .execute();
  return {
    name: 'saques.csv',
    columns: [
      'id_saque',
      'id_apostador',
      'solicitado_em_utc',
      'concluido_em_utc',
      'situacao',
      'valor_centavos',
      'valor_reais',
      'tipo_chave_pix',
    ],
    totals: ['valor_centavos'],
    rows: rows.map((row) => [
      String(row.id),
      String(row.user_id),
      utc(row.created_at),
      utc(row.finished_at),
      WITHDRAWAL_STATE[row.status] ?? row.status,
      ...money(BigInt(row.amount_cents)),
      row.pay_card_bank,
    ]),
  };
}

/** Self-exclusions and time-outs that started during the day. */
async function exclusions(db: Db, window: Window): Promise<Dataset> {
  const rows = await db
    .selectFrom('rg_exclusions')
    .select(['id', 'user_id', 'period', 'starts_at', 'ends_at'])
    .where('starts_at', '>=', window.start)
    .where('starts_at', '<', window.end)
    .orderBy('id')
    .execute();
  return {
    name: 'autoexclusoes.csv',
    columns: ['id_autoexclusao', 'id_apostador', 'periodo', 'inicio_utc', 'fim_utc'],
    totals: [],
    rows: rows.map((row) => [
      String(row.id),
      String(row.user_id),
      row.period,
      utc(row.starts_at),
      utc(row.ends_at),
    ]),
  };
}

/** The five datasets of a reference day, in the manifest's order. */
export async function spaDatasets(db: Db, window: Window): Promise<Dataset[]> {
  return [
    await bets(db, window),
    await players(db, window),
    await deposits(db, window),
    await withdrawals(db, window),
    await exclusions(db, window),
  ];
}
