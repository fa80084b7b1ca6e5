import { isValidCpf, normalizeCpf } from '@aposta/brazil';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { accountRefused, conflict, invalidInput } from '../../lib/domain-error.ts';
import { screenCpfAtOnboarding } from '../compliance/index.ts';
import { isClean, sandboxIdentityProvider } from '../rg/identity.provider.ts';
import { ADULT_AGE, ageOn } from '../rg/rg.rules.ts';
import { pushUserInfo } from '../users/users.service.ts';

/** PostgreSQL's unique_violation: the database refused a second account with the same CPF. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * KYC that holds (issue 15): a valid CPF that no other account has verified, a full name, a birth date of an
 * adult (required under br-licensed), then the identity bureau's check. Under br-licensed a clean check is
 * approved at once; a flagged one (name mismatch, CPF not regular, PEP), or any one under the open profile,
 * waits in the operator's KYC queue.
 */
export async function updateKyc(
  ctx: AppContext,
  userId: bigint,
  input: { name: string; cardNo: string; birthDate?: string },
) {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < 3) throw invalidInput('kyc.name_required');
  if (!isValidCpf(input.cardNo)) throw invalidInput('kyc.cpf_invalid');
  const cpf = normalizeCpf(input.cardNo)!;
  const birthDate = input.birthDate?.trim() || null;
  if (birthDate === null && ctx.config.regulatoryProfile === 'br-licensed')
    throw invalidInput('kyc.birth_date_required');
  if (birthDate !== null) {
    const age = ageOn(birthDate, new Date());
    if (age === undefined) throw invalidInput('kyc.birth_date_invalid');
    // api-contract section 2: an age refusal is 500/1403. Nothing is stored.
    if (age < ADULT_AGE) throw accountRefused('kyc.under_age');
  }
  const current = await ctx.db
    .selectFrom('users')
    .select(['kyc_status', 'kyc_cpf'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  // An approved identity is settled: changing it is the operator's business, not a form's.
  if (current.kyc_status === 'approved') throw conflict('kyc.already_approved');
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('kyc_cpf', '=', cpf)
    .where('id', '<>', userId)
    .executeTakeFirst();
  if (taken) throw conflict('kyc.cpf_taken');
  await screenCpfAtOnboarding(ctx, userId, cpf);
  const check = await sandboxIdentityProvider.check({ cpf, name, birthDate });
  // br-licensed approves a clean check at once (KYC must be approved before the first deposit); the open
  // profile keeps every submission for the operator's queue as before, the check's answer shown beside it. The
  // sandbox's answer proves nothing about a real person: in production every submission waits for an operator
  // until a real identity provider is wired in.
  const approved =
    ctx.config.regulatoryProfile === 'br-licensed' && isClean(check) && ctx.config.nodeEnv !== 'production';
  try {
    await ctx.db
      .updateTable('users')
      .set({
        kyc: 1,
        kyc_name: name,
        kyc_cpf: cpf,
        birth_date: birthDate,
        kyc_check: JSON.stringify({ provider: sandboxIdentityProvider.name, ...check }),
        kyc_status: approved ? 'approved' : 'pending',
        kyc_submitted_at: sql`now()`,
        kyc_reason: null,
      })
      .where('id', '=', userId)
      .execute();
  } catch (error) {
    // Two accounts racing with one CPF: the unique index lets one through.
    if (isUniqueViolation(error)) throw conflict('kyc.cpf_taken');
    throw error;
  }
  await pushUserInfo(ctx, userId);
  // Anything not approved waits for the operator: the answer says so, never "verified" (decision 0029). Under the
  // open profile the deposit opens all the same (the spec's `kyc` is 1); a withdrawal waits for the approval.
  return { messageKey: approved ? 'kyc.done' : 'kyc.review' };
}
