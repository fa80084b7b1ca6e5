import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { type DatavalidEmulator, EmulatorRefusal, type Failure, type Outcome } from './datavalid.emulator.ts';

// biome-ignore lint/suspicious/noExplicitAny: mounted both on the typed app and on a plain Fastify server
type AnyFastify = FastifyInstance<any, any, any, any, any>;

/** Where the in-process emulator answers (outside production, when DATAVALID_URL is unset). */
export const DATAVALID_EMULATOR_PREFIX = '/api/identity/emulator';
const opts = { schema: { hide: true }, bodyLimit: 2 * 1024 * 1024 };

function refuse(reply: FastifyReply, error: unknown) {
  if (!(error instanceof EmulatorRefusal)) throw error;
  const text = typeof error.answer === 'string';
  return reply
    .code(error.status)
    .type(text ? 'text/plain; charset=utf-8' : 'application/json')
    .send(text ? error.answer : JSON.stringify(error.answer));
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** A queued failure acted out: a late answer (then the normal one), a 503, a 500; an expired token is checkBearer's. */
async function actOut(failure: Failure | undefined, emulator: DatavalidEmulator, reply: FastifyReply) {
  if (failure === 'timeout') await sleep(emulator.holdMs);
  if (failure === 'unavailable') {
    reply.code(503).type('text/plain; charset=utf-8').send('Serviço indisponível');
    return true;
  }
  if (failure === 'error') {
    reply.code(500).type('text/plain; charset=utf-8').send('Erro interno');
    return true;
  }
  return false;
}

/**
 * Datavalid's HTTP face under `prefix`: the gateway's token at `/token`, the validations at
 * `/datavalid/v4/pf-facial` and `/datavalid/v4/pf-basica`. Each validation needs a live bearer token and a JSON body.
 */
export function datavalidEmulatorRoutes(app: AnyFastify, emulator: DatavalidEmulator, prefix: string): void {
  app.post(`${prefix}/token`, opts, async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const answer = emulator.issueToken(
        request.headers.authorization,
        request.headers['content-type'],
        request.body,
      );
      return reply.header('cache-control', 'no-store').send(answer);
    } catch (error) {
      return refuse(reply, error);
    }
  });
  for (const kind of ['pf-facial', 'pf-basica'] as const) {
    app.post(`${prefix}/datavalid/v4/${kind}`, opts, async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const failure = emulator.takeFailure();
        emulator.checkBearer(request.headers.authorization, failure);
        if (await actOut(failure, emulator, reply)) return reply;
        if (!request.headers['content-type']?.startsWith('application/json'))
          throw new EmulatorRefusal(415, 'content-type deve ser application/json');
        return reply.type('application/json').send(JSON.stringify(emulator.validate(kind, request.body)));
      } catch (error) {
        return refuse(reply, error);
      }
    });
  }
}

const OUTCOMES: Outcome[] = ['clean', 'spoof', 'no_face', 'other_face', 'name', 'irregular', 'birth'];
const FAILURES: Failure[] = ['timeout', 'unavailable', 'error', 'token_expired'];

/** The emulator's control for a developer or a browser journey in another process (never in production). */
export function datavalidControlRoutes(app: AnyFastify, emulator: DatavalidEmulator): void {
  app.post('/api/dev/identity-emulator', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as { cpf?: unknown; outcome?: unknown; fail?: unknown };
    if (typeof body.cpf === 'string' && OUTCOMES.includes(body.outcome as Outcome))
      emulator.script(body.cpf, body.outcome as Outcome);
    else if (FAILURES.includes(body.fail as Failure)) emulator.failNext(body.fail as Failure);
    else return reply.code(400).send({ status: 400, message: 'cpf+outcome or fail', data: null });
    return ok(null);
  });
}
