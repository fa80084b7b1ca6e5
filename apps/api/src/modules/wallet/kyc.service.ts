import { isValidCpf, normalizeCpf } from '@aposta/brazil';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { invalidInput } from '../../lib/domain-error.ts';
import { pushUserInfo } from '../users/users.service.ts';

export async function updateKyc(ctx: AppContext, userId: bigint, input: { name: string; cardNo: string }) {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < 3) throw invalidInput('kyc.name_required');
  if (!isValidCpf(input.cardNo)) throw invalidInput('kyc.cpf_invalid');
  await ctx.db
    .updateTable('users')
    // Counts at once (deposits need kyc = 1) and joins the back office's KYC queue.
    .set({
      kyc: 1,
      kyc_name: name,
      kyc_cpf: normalizeCpf(input.cardNo),
      kyc_status: 'pending',
      kyc_submitted_at: sql`now()`,
      kyc_reason: null,
    })
    .where('id', '=', userId)
    .execute();
  await pushUserInfo(ctx, userId);
}
