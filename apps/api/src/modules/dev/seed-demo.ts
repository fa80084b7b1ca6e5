import type { AppContext } from '../../app-context.ts';
import { hashPassword } from '../../lib/secrets.ts';
import { postAlone } from '../ledger/ledger.service.ts';

/** Play money the demo test account starts with (R$ 1.000,00). */
const DEMO_CREDIT_CENTS = 100_000n;

/** The demo back office owner (README): lets a person try /admin. Never seeded in production. */
export const DEMO_OPERATOR = { username: 'admin', password: 'admin-demo-2026' } as const;

export const DEMO_TEST_ACCOUNT = {
  username: 'teste@aposta.dev',
  password: 'teste123',
  yqm: 'DEMOTEST',
} as const;

/**
 * Demo data for SEED_DEMO (api-contract section 9): a test account, sample notices, activities and a discount. Idempotent: running it
 * at every start adds nothing twice. Reference data ships with the migrations instead.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const existing = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', DEMO_TEST_ACCOUNT.username)
    .executeTakeFirst();
  if (!existing) {
    await ctx.db
      .insertInto('users')
      .values({
        username: DEMO_TEST_ACCOUNT.username,
        password_hash: await hashPassword(DEMO_TEST_ACCOUNT.password),
        name: 'Conta de teste',
        yqm: DEMO_TEST_ACCOUNT.yqm,
        inviter_id: null,
        test_flag: true,
        test_password: DEMO_TEST_ACCOUNT.password,
        kyc_name: null,
        kyc_cpf: null,
        pay_discount: null,
        pay_discount_expires_at: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const account = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', DEMO_TEST_ACCOUNT.username)
    .executeTakeFirstOrThrow();
  // Checked first: a start that finds the demo already seeded neither posts nor hashes anything (a quicker start).
  const credited = await ctx.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('idempotency_key', '=', `demo_credit:${account.id}`)
    .executeTakeFirst();
  if (!credited) {
    await postAlone(ctx.db, {
      code: 'demo_credit',
      idempotencyKey: `demo_credit:${account.id}`,
      referenceType: 'user',
      referenceId: account.id.toString(),
      postings: [
        { account: { kind: 'house_demo' }, amountCents: -DEMO_CREDIT_CENTS },
        { account: { kind: 'player_cash', userId: account.id }, amountCents: DEMO_CREDIT_CENTS },
      ],
    });
  }
  const operator = await ctx.db
    .selectFrom('operators')
    .select('id')
    .where('username', '=', DEMO_OPERATOR.username)
    .executeTakeFirst();
  if (!ctx.config.isProduction && !operator) {
    await ctx.db
      .insertInto('operators')
      .values({
        username: DEMO_OPERATOR.username,
        password_hash: await hashPassword(DEMO_OPERATOR.password),
        roles: ['owner'],
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .execute();
  }
  const notices = await ctx.db.selectFrom('notices').select('id').limit(1).executeTakeFirst();
  if (!notices) {
    await ctx.db
      .insertInto('notices')
      .values([
        {
          title: 'Bem-vindo!',
          content: 'Jogue com responsabilidade. Apostas apenas para maiores de 18 anos.',
        },
        {
          title: 'PIX 24 horas',
          content: 'Depósitos e saques por PIX a qualquer hora, com saque a partir de R$ 20.',
        },
      ])
      .execute();
  }
  await seedEngagementDemo(ctx);
}

/** Sample activities (one with a stake target and its award) and a first-deposit discount, once. */
async function seedEngagementDemo(ctx: AppContext): Promise<void> {
  const activity = await ctx.db.selectFrom('activities').select('id').limit(1).executeTakeFirst();
  if (activity) return;
  const day = 86_400_000;
  const now = Date.now();
  await ctx.db
    .insertInto('activities')
    .values([
      {
        title: 'Aposte R$ 100 e ganhe R$ 10',
        summary: 'Aposte R$ 100 em qualquer jogo durante a campanha e receba R$ 10 de bônus.',
        content:
          'Some R$ 100 em apostas (esportes, jogos da casa ou slots) durante a campanha. O prêmio de R$ 10 vai para o saldo de bônus, com rollover de 1×.',
        starts_at: new Date(now - day),
        ends_at: new Date(now + 30 * day),
        target_stake_cents: 100_00n,
        reward_cents: 10_00n,
        sort: 1,
      },
      {
        title: 'Check-in diário',
        summary: 'Entre todos os dias e ganhe até R$ 10 no sétimo dia.',
        content: 'Faça o check-in uma vez por dia. Perdeu um dia? O calendário recomeça no dia 1.',
        starts_at: new Date(now - day),
        ends_at: new Date(now + 365 * day),
        target_stake_cents: null,
        reward_cents: 0n,
        sort: 2,
      },
    ])
    .execute();
  await ctx.db
    .insertInto('discount_campaigns')
    .values({
      name: 'Primeiro depósito +10%',
      audience: 'first_deposit',
      discount: '0.1000',
      hours: 24,
      starts_at: new Date(now - day),
      ends_at: new Date(now + 365 * day),
    })
    .execute();
}
