import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, DomainError } from '../../lib/domain-error.ts';
import type { PaymentProvider } from '../payments/provider.ts';

/**
 * What KYC demands of a payout in every profile, after the withdrawal's own checks (spec.md section 5) have
 * passed: an approved identity, and a PIX key of the player's own CPF, either the KYC CPF itself or a key the
 * PSP resolves to it. br-licensed also refuses USDT (docs/decisions/0025).
 */
export async function assertPayoutAllowed(
  ctx: AppContext,
  trx: Tx,
  provider: PaymentProvider,
  userId: bigint,
  keyType: 'CPF' | 'CNPJ' | 'USDT',
  key: string,
): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select(['kyc_status', 'kyc_cpf'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.kyc_status !== 'approved' || !user.kyc_cpf)
    throw new DomainError('WITHDRAWAL_REFUSED', 'kyc.withdraw_needs_approved');
  if (keyType === 'USDT') {
    if (ctx.config.regulatoryProfile === 'br-licensed') throw conflict('rg.usdt_off');
    return;
  }
  if (keyType === 'CPF' && key === user.kyc_cpf) return;
  const owner = provider.resolveKey ? (await provider.resolveKey(keyType, key)).ownerCpf : null;
  if (owner !== user.kyc_cpf) throw new DomainError('WITHDRAWAL_REFUSED', 'kyc.pix_not_own');
}
