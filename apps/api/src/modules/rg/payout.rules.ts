import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, DomainError } from '../../lib/domain-error.ts';
import type { PaymentProvider } from '../payments/provider.ts';

/**
 * A withdrawal needs an approved identity in every profile. The refusal is 409 (decision 0029): the spec's client
 * alerts it and stays put, where 500/9999 would send the player to the deposit sheet. Each state says its own
 * next step: send the form, wait for the review, or send it again after a rejection.
 */
export async function assertIdentityApproved(trx: Tx, userId: bigint): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select(['kyc_status', 'kyc_cpf', 'kyc_reason'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.kyc_status === 'approved' && user.kyc_cpf) return;
  if (user.kyc_status === 'pending') throw conflict('kyc.withdraw_in_review');
  if (user.kyc_status === 'rejected')
    throw conflict('kyc.withdraw_rejected', { reason: user.kyc_reason ?? '' });
  throw conflict('kyc.withdraw_needs_approved');
}

/**
 * Where a payout may go, after the identity and the withdrawal's own checks (spec.md section 5) have passed.
 * br-licensed (api-contract section 17): only a PIX key of the player's own CPF, either the KYC CPF itself or a key
 * the PSP resolves to it, and no USDT. The open profile keeps a CPF key to the player's own CPF (another CPF is
 * another person), and pays a CNPJ key the player names, its check digits proved by the withdrawal's checks, and
 * USDT to the accounts allowed it (decision 0029).
 */
export async function assertPayoutAllowed(
  ctx: AppContext,
  trx: Tx,
  provider: PaymentProvider,
  userId: bigint,
  keyType: 'CPF' | 'CNPJ' | 'USDT',
  key: string,
): Promise<void> {
  const licensed = ctx.config.regulatoryProfile === 'br-licensed';
  if (keyType === 'USDT') {
    if (licensed) throw conflict('rg.usdt_off');
    return;
  }
  if (keyType === 'CNPJ' && !licensed) return;
  const user = await trx
    .selectFrom('users')
    .select('kyc_cpf')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (keyType === 'CPF' && key === user.kyc_cpf) return;
  const owner = provider.resolveKey ? (await provider.resolveKey(keyType, key)).ownerCpf : null;
  if (owner !== user.kyc_cpf) throw new DomainError('WITHDRAWAL_REFUSED', 'kyc.pix_not_own');
}
