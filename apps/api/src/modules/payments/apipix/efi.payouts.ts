import { centsToDecimalString, parseAmountToCents } from '@aposta/money';
import type { PayoutRail, PayoutState } from '../provider.ts';
import { type PixApiClient, PixApiError } from './pix-http.ts';

/**
 * Efí's answer to a send (`e2eId`) and to a query of one (`endToEndId`): the two calls name the end-to-end id
 * differently (docs/providers/efi.md).
 */
interface EfiSent {
  idEnvio: string;
  e2eId?: string;
  endToEndId?: string;
  valor: string;
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';
}

const endToEndOf = (sent: EfiSent) => sent.endToEndId ?? sent.e2eId;

type Log = { warn(details: object, message: string): void };

function stateOf(sent: EfiSent, expectedCents: bigint, log?: Log): PayoutState {
  if (parseAmountToCents(sent.valor) !== expectedCents) {
    // Never take a payout of another amount as ours, paid or returned: it stays pending for the operator.
    log?.warn(
      { idEnvio: sent.idEnvio, valor: sent.valor, expectedCents: expectedCents.toString() },
      'Efí payout of another amount than the withdrawal: left pending for the operator',
    );
    return { status: 'pending', reference: endToEndOf(sent) };
  }
  const endToEndId = endToEndOf(sent);
  if (sent.status === 'REALIZADO' && endToEndId) return { status: 'paid', reference: endToEndId };
  if (sent.status === 'NAO_REALIZADO')
    return { status: 'failed', reason: 'PSP: transfer not made (NAO_REALIZADO)' };
  return { status: 'pending', reference: endToEndId };
}

/**
 * Efí's send-Pix (`PUT /v3/gn/pix/{idEnvio}`, query `GET /v2/gn/pix/enviados/id-envio/{idEnvio}`), on the same
 * OAuth2 + mTLS client as the API Pix. Only CPF and CNPJ keys are Pix keys; USDT withdrawals are not Pix.
 */
export function efiPayoutRail(options: { client: PixApiClient; payerKey: string; log?: Log }): PayoutRail {
  const { client } = options;
  return {
    name: 'efi',
    async send(idEnvio, request, sendOptions) {
      if (request.keyType === 'USDT') return { status: 'failed', reason: 'USDT is not paid by Pix' };
      try {
        const sent = await client.call<EfiSent>('PUT', `/v3/gn/pix/${idEnvio}`, {
          valor: centsToDecimalString(request.amountCents),
          pagador: { chave: options.payerKey, infoPagador: `Saque ${request.payoutId}` },
          favorecido: { chave: request.key },
        });
        return stateOf(sent, request.amountCents, options.log);
      } catch (error) {
        if (!(error instanceof PixApiError) || error.status < 400 || error.status >= 500) throw error;
        // 401 is our credentials, not the transfer; 409 is an idEnvio Efí already has: the outcome is unknown and
        // the job asks the PSP again later.
        if (error.status === 401 || error.status === 409) throw error;
        // After a lost answer the first transfer may have gone through: a refusal of the same idEnvio (400/422 for a
        // reused one) says nothing about it. Pending, and the status is asked again.
        if (sendOptions?.resend) {
          options.log?.warn(
            { idEnvio, status: error.status },
            'Efí refused a payout whose first send may have gone through: left pending',
          );
          return { status: 'pending' };
        }
        // A first send refused (bad key, no balance): nothing left our account.
        return { status: 'failed', reason: `PSP refused the transfer (${error.status})` };
      }
    },
    async status(idEnvio, expectedCents) {
      try {
        const sent = await client.call<EfiSent>('GET', `/v2/gn/pix/enviados/id-envio/${idEnvio}`);
        if (expectedCents === undefined) return stateOf(sent, parseAmountToCents(sent.valor), options.log);
        return stateOf(sent, expectedCents, options.log);
      } catch (error) {
        if (error instanceof PixApiError && error.status === 404) return { status: 'unknown' };
        throw error;
      }
    },
  };
}
