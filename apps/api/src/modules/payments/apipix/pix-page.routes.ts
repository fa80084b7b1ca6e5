import { Type } from 'typebox';
import type { AppContext } from '../../../app-context.ts';
import { Envelope, ok } from '../../../http/envelope.ts';
import type { TypedApp } from '../../../http/typed-app.ts';
import { notFound } from '../../../lib/domain-error.ts';
import type { PspEmulator } from '../../psp-emulator/emulator.ts';
import { renderPixPage } from '../sandbox.routes.ts';

const PayNoParams = Type.Object({ payNo: Type.String({ pattern: '^[a-zA-Z0-9]{26,35}$' }) });

/**
 * The API Pix provider's payment page (production too): the PSP's `pixCopiaECola` as we stored it with the order,
 * its QR and the countdown. With the in-process emulator, the page also has the development "simulate payment"
 * button, which asks the emulated payer's bank to pay.
 */
export function pixPageRoutes(app: TypedApp, ctx: AppContext, emulator: PspEmulator | undefined): void {
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
      return reply.type('text/html; charset=utf-8').send(
        await renderPixPage({
          title: 'Pagamento PIX',
          brCode: charge.br_code,
          amountCents: charge.amount_cents,
          expiresAt: charge.expires_at,
          open: charge.status === '00' && charge.expires_at.getTime() > Date.now(),
          paid: charge.status === '10',
          simulate: emulator !== undefined,
        }),
      );
    },
  );
  if (!emulator) return;
  app.post(
    '/api/pay/pix/:payNo/pay',
    {
      schema: {
        tags: ['payments'],
        params: PayNoParams,
        response: { 200: Envelope(Type.Object({ result: Type.String() })) },
      },
    },
    async (request) => {
      const cob = emulator.cobs.get(request.params.payNo);
      if (!cob) throw notFound();
      if (cob.status === 'CONCLUIDA') return ok({ result: 'already_paid' });
      if (emulator.getCob(cob.txid).status !== 'ATIVA') return ok({ result: 'expired' });
      const { delivered } = await emulator.payCob(cob.txid);
      return ok({ result: delivered === 200 ? 'paid' : 'not_delivered' });
    },
  );
}
