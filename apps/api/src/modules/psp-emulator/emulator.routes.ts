import { formatCpf, normalizeCpf } from '@aposta/brazil';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiPixSchemaName } from './api-pix.schemas.ts';
import {
  cardFormPage,
  checkoutResultPage,
  payerPage,
  payerResultPage,
  threeDsPage,
} from './checkout.pages.ts';
import { type EmulatedPayer, EmulatorProblem, type PspEmulator, SCOPES } from './emulator.ts';

// biome-ignore lint/suspicious/noExplicitAny: mounted both on the typed app and on a plain Fastify server
type AnyFastify = FastifyInstance<any, any, any, any, any>;
type Params = Record<string, string>;
type Body = Record<string, unknown>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers an API Pix problem (RFC 7807, the standard's named `type`), or Efí's `{nome, mensagem}`. */
function problem(
  reply: FastifyReply,
  error: unknown,
  emulator?: PspEmulator,
  call?: string,
  request?: { schema: ApiPixSchemaName; body: unknown },
) {
  if (error instanceof EmulatorProblem) {
    const body = error.efi
      ? { nome: error.type, mensagem: error.detail }
      : {
          type: `https://pix.bcb.gov.br/api/v2/error/${error.type}`,
          title: error.title,
          status: error.status,
          detail: error.detail,
          ...(error.violacoes.length > 0 ? { violacoes: error.violacoes } : {}),
        };
    if (call) {
      emulator?.exchanges?.push({
        call,
        ...(request ? { request } : {}),
        response: { status: error.status, schema: error.efi ? 'EfiErro' : 'Problema', body },
      });
    }
    return reply
      .code(error.status)
      .type(error.efi ? 'application/json' : 'application/problem+json')
      .send(body);
  }
  throw error;
}

type ApiRequest = FastifyRequest<{ Params: Params; Body: Body; Querystring: Params }>;

/**
 * The emulator's HTTP face under `prefix`: the API Pix at `/v2/...`, its OAuth2 token at `/oauth/token`, Efí's
 * send-Pix at `/v3/gn/pix/...` and `/v2/gn/pix/enviados/...`, the public location `/qr/v2/{id}` and `/jwks`.
 * `controls` adds `/_emulator/cob/{txid}/pay`: the payer's bank, for the development payment page. Each call
 * needs its scope (openapi 2.9.0 `security`) and answers the standard's success status.
 */
export function emulatorRoutes(
  app: AnyFastify,
  emulator: PspEmulator,
  prefix: string,
  controls: boolean,
): void {
  tokenRoute(app, emulator, prefix);
  cobRoutes(app, emulator, prefix);
  pixRoutes(app, emulator, prefix);
  efiPayoutRoutes(app, emulator, prefix);
  cardCheckoutRoutes(app, emulator, prefix);
  checkoutPageRoutes(app, emulator, prefix);
  publicRoutes(app, emulator, prefix, controls);
}

const body = (request: { body: unknown }): Body =>
  request.body && typeof request.body === 'object' ? (request.body as Body) : {};

const apiOf =
  (emulator: PspEmulator) =>
  (
    spec: {
      call: string;
      scope?: string;
      status?: number;
      request?: ApiPixSchemaName;
      response: ApiPixSchemaName;
      efi?: boolean;
    },
    handler: (request: ApiRequest) => unknown,
  ) =>
  async (request: ApiRequest, reply: FastifyReply) => {
    try {
      try {
        emulator.checkToken(request.headers.authorization, spec.scope);
      } catch (error) {
        // Efí's own calls answer its own error shape, the token's refusals included.
        if (spec.efi && error instanceof EmulatorProblem) {
          throw new EmulatorProblem(
            error.status,
            error.status === 403 ? 'acesso_negado' : 'nao_autorizado',
            error.title,
            error.detail,
            { efi: true },
          );
        }
        throw error;
      }
      const answer = await handler(request);
      const status = spec.status ?? 200;
      emulator.exchanges?.push({
        call: spec.call,
        ...(spec.request ? { request: { schema: spec.request, body: request.body } } : {}),
        response: { status, schema: spec.response, body: answer },
      });
      return reply.code(status).type('application/json').send(JSON.stringify(answer));
    } catch (error) {
      const sent = spec.request ? { schema: spec.request, body: request.body } : undefined;
      return problem(reply, error, emulator, spec.call, sent);
    }
  };

const opts = { schema: { hide: true } };

function tokenRoute(app: AnyFastify, emulator: PspEmulator, prefix: string) {
  app.post(`${prefix}/oauth/token`, opts, async (request, reply) => {
    try {
      const answer = emulator.issueToken(
        request.headers.authorization,
        request.headers['content-type'],
        body(request),
      );
      emulator.exchanges?.push({
        call: 'POST /oauth/token',
        request: { schema: 'TokenPedido', body: request.body },
        response: { status: 200, schema: 'TokenResposta', body: answer },
      });
      return reply.header('cache-control', 'no-store').send(answer);
    } catch (error) {
      // RFC 6749 section 5.2: the token endpoint's own error answer.
      if (error instanceof EmulatorProblem) {
        return reply.code(error.status).send({ error: error.type, error_description: error.detail });
      }
      throw error;
    }
  });
}

function cobRoutes(app: AnyFastify, emulator: PspEmulator, prefix: string) {
  const api = apiOf(emulator);
  app.put(
    `${prefix}/v2/cob/:txid`,
    opts,
    api(
      {
        call: 'PUT /cob',
        scope: SCOPES.cobWrite,
        status: 201,
        request: 'CobSolicitada',
        response: 'CobGerada',
      },
      (request) => emulator.cobJson(emulator.createCob(request.params.txid!, body(request))),
    ),
  );
  app.get(
    `${prefix}/v2/cob/:txid`,
    opts,
    api({ call: 'GET /cob', scope: SCOPES.cobRead, response: 'CobCompleta' }, (request) =>
      emulator.cobJson(emulator.getCob(request.params.txid!)),
    ),
  );
  app.patch(
    `${prefix}/v2/cob/:txid`,
    opts,
    api(
      { call: 'PATCH /cob', scope: SCOPES.cobWrite, request: 'CobRevisada', response: 'CobGerada' },
      (request) => emulator.cobJson(emulator.patchCob(request.params.txid!, body(request))),
    ),
  );
}

function pixRoutes(app: AnyFastify, emulator: PspEmulator, prefix: string) {
  const api = apiOf(emulator);
  app.get(
    `${prefix}/v2/pix/:e2eid`,
    opts,
    api({ call: 'GET /pix/{e2eid}', scope: SCOPES.pixRead, response: 'Pix' }, (request) =>
      emulator.pixJson(emulator.getPix(request.params.e2eid!)),
    ),
  );
  app.get(
    `${prefix}/v2/pix`,
    opts,
    api({ call: 'GET /pix', scope: SCOPES.pixRead, response: 'PixConsultados' }, (request) => {
      const inicio = new Date(String(request.query.inicio));
      const fim = new Date(String(request.query.fim));
      if (Number.isNaN(inicio.getTime()) || Number.isNaN(fim.getTime()) || fim < inicio) {
        throw new EmulatorProblem(
          400,
          'PixConsultaInvalida',
          'Consulta inválida.',
          'inicio e fim são obrigatórios',
        );
      }
      const page = Number(request.query['paginacao.paginaAtual'] ?? 0);
      const perPage = Math.min(1000, Math.max(1, Number(request.query['paginacao.itensPorPagina'] ?? 100)));
      return emulator.listPix(inicio, fim, Number.isInteger(page) && page >= 0 ? page : 0, perPage);
    }),
  );
  app.put(
    `${prefix}/v2/pix/:e2eid/devolucao/:id`,
    opts,
    api(
      {
        call: 'PUT /devolucao',
        scope: SCOPES.pixWrite,
        status: 201,
        request: 'DevolucaoSolicitada',
        response: 'Devolucao',
      },
      (request) =>
        emulator.refundJson(emulator.refund(request.params.e2eid!, request.params.id!, body(request))),
    ),
  );
  app.get(
    `${prefix}/v2/pix/:e2eid/devolucao/:id`,
    opts,
    api({ call: 'GET /devolucao', scope: SCOPES.pixRead, response: 'Devolucao' }, (request) =>
      emulator.refundJson(emulator.getRefund(request.params.e2eid!, request.params.id!)),
    ),
  );
  app.put(
    `${prefix}/v2/webhook/:chave`,
    opts,
    api(
      {
        call: 'PUT /webhook',
        scope: SCOPES.webhookWrite,
        request: 'WebhookSolicitado',
        response: 'WebhookSolicitado',
      },
      async (request) => {
        await emulator.registerWebhook(request.params.chave!, body(request));
        return { webhookUrl: body(request).webhookUrl };
      },
    ),
  );
}

function efiPayoutRoutes(app: AnyFastify, emulator: PspEmulator, prefix: string) {
  const api = apiOf(emulator);
  app.put(
    `${prefix}/v3/gn/pix/:idEnvio`,
    opts,
    api(
      {
        call: 'PUT /v3/gn/pix',
        scope: SCOPES.pixSend,
        status: 201,
        request: 'EfiEnvioPedido',
        response: 'EfiEnvioResposta',
        efi: true,
      },
      async (request) => {
        const payout = emulator.sendPayout(request.params.idEnvio!, body(request));
        const answer = emulator.payoutJson(payout);
        // The receiving bank settles it at once and Efí notifies the outcome on the Pix webhook; the send's answer
        // still says EM_PROCESSAMENTO, as Efí's does, and leaves after the notice (an order Efí may show too).
        await emulator.settleAccepted(payout.idEnvio);
        // The transfer is made, but the answer comes too late for the client: the case of a lost reply.
        if (emulator.hangNextPayouts > 0) {
          emulator.hangNextPayouts -= 1;
          await sleep(emulator.hangMs);
          emulator.lateAnswers += 1;
        }
        return answer;
      },
    ),
  );
  app.get(
    `${prefix}/v2/gn/pix/enviados/id-envio/:idEnvio`,
    opts,
    api(
      { call: 'GET /v2/gn/pix/enviados', scope: SCOPES.pixSendRead, response: 'EfiPixEnviado', efi: true },
      (request) => emulator.sentPixJson(emulator.getPayout(request.params.idEnvio!)),
    ),
  );
}

function cardCheckoutRoutes(app: AnyFastify, emulator: PspEmulator, prefix: string) {
  // The card checkout (the emulator's own protocol, not API Pix): a token of any scope.
  const authed =
    (handler: (request: ApiRequest) => unknown) => async (request: ApiRequest, reply: FastifyReply) => {
      try {
        emulator.checkToken(request.headers.authorization);
        const answer = await handler(request);
        return reply.code(200).type('application/json').send(JSON.stringify(answer));
      } catch (error) {
        return problem(reply, error);
      }
    };

  // The card checkout: the API (authenticated) and the payer's hosted pages (public, like a PSP's).
  app.post(
    `${prefix}/v1/checkouts`,
    opts,
    authed((request) => emulator.checkoutJson(emulator.cards.create(body(request)))),
  );
  app.get(
    `${prefix}/v1/checkouts`,
    opts,
    authed((request) =>
      emulator.checkoutJson(emulator.cards.byReference(String(request.query.reference ?? ''))),
    ),
  );
  app.get(
    `${prefix}/v1/checkouts/:id`,
    opts,
    authed((request) => emulator.checkoutJson(emulator.cards.get(request.params.id!))),
  );
  app.post(
    `${prefix}/v1/checkouts/:id/cancel`,
    opts,
    authed((request) => emulator.checkoutJson(emulator.cards.cancel(request.params.id!))),
  );
}

function checkoutPageRoutes(app: AnyFastify, emulator: PspEmulator, prefix: string) {
  const html = (reply: FastifyReply, text: string, code = 200) =>
    reply.code(code).type('text/html; charset=utf-8').send(text);
  const pageUrl = (id: string) => `${emulator.options.checkoutBase ?? prefix}/checkout/${id}`;
  app.get(`${prefix}/checkout/:id`, opts, async (request, reply) => {
    try {
      const checkout = emulator.cards.get((request.params as Params).id!);
      if (checkout.status === 'open') return html(reply, cardFormPage(checkout, pageUrl(checkout.id)));
      if (checkout.status === 'awaiting_3ds')
        return html(reply, threeDsPage(checkout, `${pageUrl(checkout.id)}/3ds`));
      return html(reply, checkoutResultPage(checkout));
    } catch (error) {
      return problem(reply, error);
    }
  });
  app.post(`${prefix}/checkout/:id`, opts, async (request, reply) => {
    const id = (request.params as Params).id!;
    try {
      const checkout = emulator.cards.submitCard(id, body(request));
      if (checkout.status === 'failed') {
        await emulator.notifyCheckout(checkout);
        return html(reply, checkoutResultPage(checkout));
      }
      if (checkout.status === 'awaiting_3ds') return html(reply, threeDsPage(checkout, `${pageUrl(id)}/3ds`));
      return html(reply, checkoutResultPage(checkout));
    } catch (error) {
      if (error instanceof EmulatorProblem && error.status === 400) {
        return html(reply, cardFormPage(emulator.cards.get(id), pageUrl(id), error.detail), 400);
      }
      return problem(reply, error);
    }
  });
  app.post(`${prefix}/checkout/:id/3ds`, opts, async (request, reply) => {
    try {
      const before = emulator.cards.get((request.params as Params).id!);
      const wasWaiting = before.status === 'awaiting_3ds';
      const checkout = emulator.cards.submitThreeDs(before.id, body(request).code);
      if (wasWaiting) await emulator.notifyCheckout(checkout);
      return html(reply, checkoutResultPage(checkout));
    } catch (error) {
      return problem(reply, error);
    }
  });
}

function publicRoutes(app: AnyFastify, emulator: PspEmulator, prefix: string, controls: boolean) {
  // Public: a bank app reads the charge behind a dynamic BR Code without any credential.
  app.get(`${prefix}/qr/v2/:locId`, opts, async (request, reply) => {
    try {
      const { locId } = request.params as Params;
      return reply.type('application/jose').send(emulator.locationJws(locId!));
    } catch (error) {
      return problem(reply, error);
    }
  });
  app.get(`${prefix}/jwks`, opts, async (_request, reply) => reply.send({ keys: [emulator.publicJwk] }));

  if (controls) {
    payerPageRoutes(app, emulator, prefix);
    // The payer's bank for scripts and journeys: `{cpf, nome}` optional (the cob's devedor by default).
    app.post(`${prefix}/_emulator/cob/:txid/pay`, opts, async (request, reply) => {
      try {
        const { txid } = request.params as Params;
        const pagador = payerFrom(body(request));
        const { delivered } = await emulator.payCob(txid!, pagador ? { pagador } : {});
        return reply.send({
          status: 200,
          message: '',
          data: { result: delivered === 200 ? 'paid' : 'not_delivered' },
        });
      } catch (error) {
        return problem(reply, error);
      }
    });
  }
}

/** The payer as a bank app shows it: the CPF with its dots and dash. */
const shownPayer = (payer: EmulatedPayer): EmulatedPayer => ({
  ...payer,
  cpf: formatCpf(payer.cpf) ?? payer.cpf,
});

/** A payer's CPF and name from a form or a JSON body; undefined when none is given; a 400 when the CPF is bad. */
function payerFrom(form: Body): EmulatedPayer | undefined {
  if (form.cpf === undefined && form.nome === undefined) return undefined;
  const cpf = normalizeCpf(form.cpf);
  const nome = typeof form.nome === 'string' ? form.nome.trim().slice(0, 200) : '';
  if (!cpf)
    throw new EmulatorProblem(400, 'RequisicaoInvalida', 'Pagador inválido', 'CPF do pagador inválido');
  if (!nome)
    throw new EmulatorProblem(400, 'RequisicaoInvalida', 'Pagador inválido', 'nome do pagador ausente');
  return { cpf, nome };
}

/**
 * The payer's bank page (development): the charge behind the BR Code's location, the payer's CPF and name (the
 * cob's devedor, editable), "Pagar"; the PSP then records the Pix with its payer and notifies the receiver.
 */
function payerPageRoutes(app: AnyFastify, emulator: PspEmulator, prefix: string) {
  const html = (reply: FastifyReply, text: string, code = 200) =>
    reply.code(code).type('text/html; charset=utf-8').send(text);
  const view = (locId: string, payer?: EmulatedPayer) => {
    const cob = emulator.cobByLocation(locId);
    return {
      cob,
      view: {
        amountCents: cob.valorCents,
        receiver: cob.chave,
        description: cob.solicitacaoPagador,
        payer: payer ?? shownPayer(emulator.payerOf(cob)),
      },
    };
  };
  app.get(`${prefix}/pagador/:locId`, opts, async (request, reply) => {
    try {
      const { locId } = request.params as Params;
      const { cob, view: shown } = view(locId!);
      if (cob.status !== 'ATIVA' || emulator.expired(cob))
        return html(reply, payerResultPage(cob.valorCents, 'closed'));
      return html(reply, payerPage(shown, `${prefix}/pagador/${locId}`));
    } catch (error) {
      return problem(reply, error);
    }
  });
  app.post(`${prefix}/pagador/:locId`, opts, async (request, reply) => {
    const { locId } = request.params as Params;
    try {
      const { cob } = view(locId!);
      let pagador: EmulatedPayer | undefined;
      try {
        pagador = payerFrom(body(request));
      } catch (error) {
        const typed = { cpf: String(body(request).cpf ?? ''), nome: String(body(request).nome ?? '') };
        const detail = error instanceof EmulatorProblem ? error.detail : 'dados inválidos';
        return html(reply, payerPage(view(locId!, typed).view, `${prefix}/pagador/${locId}`, detail), 400);
      }
      if (cob.status !== 'ATIVA' || emulator.expired(cob))
        return html(reply, payerResultPage(cob.valorCents, 'closed'));
      await emulator.payCob(cob.txid, pagador ? { pagador } : {});
      return html(reply, payerResultPage(cob.valorCents, 'paid'));
    } catch (error) {
      return problem(reply, error);
    }
  });
}
