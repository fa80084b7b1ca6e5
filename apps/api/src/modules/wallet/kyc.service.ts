import { isValidCpf, normalizeCpf } from '@aposta/brazil';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { accountRefused, conflict, invalidInput } from '../../lib/domain-error.ts';
import { screenCpfAtOnboarding } from '../compliance/index.ts';
import { freshSelfie, markSelfieUsed } from '../identity/selfie.service.ts';
import { identityProviderOf, isClean } from '../rg/identity.provider.ts';
import { ADULT_AGE, ageOn } from '../rg/rg.rules.ts';
import { pushUserInfo } from '../users/users.service.ts';

/** PostgreSQL's unique_violation: the database refused a second account with the same CPF. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

interface KycInput {
  name: string;
  cardNo: string;
  birthDate?: string;
  selfieId?: string;
}

/** The form's fields, checked before anything is asked of anyone: name, CPF digits, birth date of an adult. */
function readKycFields(ctx: AppContext, input: KycInput) {
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
  return { name, cpf, birthDate };
}

/** One account per CPF, and an approved identity is the operator's business, not a form's. */
async function assertCpfFree(ctx: AppContext, userId: bigint, cpf: string) {
  const current = await ctx.db
    .selectFrom('users')
    .select(['kyc_status'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (current.kyc_status === 'approved') throw conflict('kyc.already_approved');
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('kyc_cpf', '=', cpf)
    .where('id', '<>', userId)
    .executeTakeFirst();
  if (taken) throw conflict('kyc.cpf_taken');
}

/**
 * KYC that holds (issue 15) with a real identity check (issue 29, decision 0065): a valid CPF that no other account
 * has verified, a full name, a birth date of an adult (required under br-licensed), the SIGAP lists, then the
 * identity provider (Datavalid): the CPF's standing, the name and birth date against the federal records and, with
 * the selfie, liveness and the face against the official biometric base. Under br-licensed the selfie is required
 * (liveness and face match at onboarding, issue 30) and a clean answer is approved at once; anything else, or
 * any answer under the open profile, waits in the operator's KYC queue with the provider's answer beside it.
 */
export async function updateKyc(ctx: AppContext, userId: bigint, input: KycInput) {
  const { name, cpf, birthDate } = readKycFields(ctx, input);
  await assertCpfFree(ctx, userId, cpf);
  await screenCpfAtOnboarding(ctx, userId, cpf);
  const licensed = ctx.config.regulatoryProfile === 'br-licensed';
  if (licensed && !input.selfieId) throw invalidInput('kyc.selfie_required');
  const selfie = input.selfieId ? await freshSelfie(ctx, userId, input.selfieId) : undefined;
  const provider = identityProviderOf(ctx.config);
  const check = await provider.check({ cpf, name, birthDate, ...(selfie ? { selfie } : {}) });
  const approved =
    licensed && isClean(check, { faceRequired: true, minSimilarity: ctx.config.identity.minSimilarity });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (input.selfieId) await markSelfieUsed(trx, input.selfieId);
      await trx
        .updateTable('users')
        .set({
          kyc: 1,
          kyc_name: name,
          kyc_cpf: cpf,
          birth_date: birthDate,
          kyc_check: JSON.stringify(check),
          kyc_selfie_id: input.selfieId ?? null,
          kyc_status: approved ? 'approved' : 'pending',
          kyc_submitted_at: sql`now()`,
          kyc_reason: null,
        })
        .where('id', '=', userId)
        .execute();
    });
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
