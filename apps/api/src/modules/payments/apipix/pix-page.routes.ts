import { Type } from 'typebox';
import type { AppContext } from '../../../app-context.ts';
import type { TypedApp } from '../../../http/typed-app.ts';
import { notFound } from '../../../lib/domain-error.ts';
import type { PspEmulator } from '../../psp-emulator/emulator.ts';
import { renderPixPage } from './pix-page.ts';

const PayNoParams = Type.Object({ payNo: Type.String({ pattern: '^[a-zA-Z0-9]{26,35}$' }) });

/**
 * The API Pix provider's payment page (production too): the PSP's `pixCopiaECola` as we stored it with the order,
 * its QR and the countdown. With the in-process emulator, the page also has the development "Simular pagamento"
 * button, which opens the emulator's payer page for the charge's location (`payerPrefix`/pagador/{locId}).
 */
export function pixPageRoutes(
  app: TypedApp,
  ctx: AppContext,
  emulator: PspEmulator | undefined,
  payerPrefix: string,
): void {
  app.get(
    '/api/pay/pix/:payNo',
    { schema: { tags: ['payments'], params: PayNoParams } },
    async (request, reply) => {
      const charge = await ctx.db
        .selectFrom('payment_charges')
        .innerJoin('orders', 'orders.id', 'payment_charges.order_id')
        .select([
          'payment_charges.br_code',
          'payment_charges.amount_cents',
          'payment_charges.expires_at',
          'orders.status',
        ])
        .where('payment_charges.txid', '=', request.params.payNo)
        .where('payment_charges.provider', '=', 'apipix')
        .executeTakeFirst();
      if (!charge) throw notFound();
      const cob = emulator?.cobs.get(request.params.payNo);
      return reply.type('text/html; charset=utf-8').send(
        await renderPixPage({
          title: 'Pagamento PIX',
          brCode: charge.br_code,
          amountCents: charge.amount_cents,
          expiresAt: charge.expires_at,
          open: charge.status === '00' && charge.expires_at.getTime() > Date.now(),
          paid: charge.status === '10',
          ...(cob ? { payerUrl: `${payerPrefix}/pagador/${cob.locId}` } : {}),
        }),
      );
    },
  );
}
