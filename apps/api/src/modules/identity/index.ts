import { PlayerParams, SelfieAnswer, SelfieBody, SelfieImage } from '@aposta/contract';
import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { setIdentityProvider } from '../rg/identity.provider.ts';
import { DatavalidProvider, type DatavalidTransport, fetchTransport } from './datavalid.client.ts';
import { DatavalidEmulator } from './datavalid.emulator.ts';
import {
  DATAVALID_EMULATOR_PREFIX,
  datavalidControlRoutes,
  datavalidEmulatorRoutes,
} from './datavalid-emulator.routes.ts';
import { faceCheckGate, faceRecheckRoutes } from './face-recheck.routes.ts';
import { MAX_SELFIE_BYTES, selfieForOperator, storeSelfie } from './selfie.service.ts';

/** The emulator served by the app itself: the adapter's requests go through the full HTTP pipeline (inject). */
function injectTransport(app: TypedApp): DatavalidTransport {
  return async (request) => {
    const response = await app.inject({
      method: request.method,
      url: DATAVALID_EMULATOR_PREFIX + request.path,
      headers: request.headers,
      payload: request.body,
    });
    return { status: response.statusCode, body: response.body };
  };
}

/** The emulator of the last app built outside production with no DATAVALID_URL (tests drive it). */
export const identityEmulators: { current?: DatavalidEmulator } = {};

/**
 * The identity check behind KYC (issue 29, decision 0065): Serpro's Datavalid through its adapter, against the
 * real gateway (DATAVALID_URL) or, outside production, the emulator of the same protocol served here. Also the
 * player's selfie upload and the operator's view of a KYC's selfie.
 */
export const register: RegisterModule = (app, ctx) => {
  const { identity } = ctx.config;
  let transport: DatavalidTransport | undefined;
  if (identity.url) transport = fetchTransport(identity.url);
  else if (!ctx.config.isProduction) {
    const emulator = new DatavalidEmulator({
      clientId: identity.clientId,
      clientSecret: identity.clientSecret,
    });
    identityEmulators.current = emulator;
    datavalidEmulatorRoutes(app, emulator, DATAVALID_EMULATOR_PREFIX);
    datavalidControlRoutes(app, emulator);
    transport = injectTransport(app);
  } else ctx.log.warn('identity: no DATAVALID_URL in production; every KYC waits for an operator');
  if (transport) setIdentityProvider(ctx.config, new DatavalidProvider({ ...identity, transport }));
  selfieRoutes(app, ctx);
  faceRecheckRoutes(app, ctx);
  faceCheckGate(app);
};

function selfieRoutes(app: TypedApp, ctx: Parameters<RegisterModule>[1]) {
  const tags = ['identity'];
  app.post(
    '/api/app/identity/selfie',
    {
      onRequest: ctx.guards.requirePlayer,
      // base64 of at most 512 KiB of JPEG, and the JSON around it.
      bodyLimit: Math.ceil((MAX_SELFIE_BYTES * 4) / 3) + 4096,
      schema: { tags, body: SelfieBody, response: { 200: Envelope(SelfieAnswer) } },
    },
    async (request) => ok({ selfieId: await storeSelfie(ctx, request.playerId, request.body.image) }),
  );
  const guard = makeOperatorGuard(ctx);
  app.get(
    '/api/admin/kyc/:uId/selfie',
    {
      onRequest: guard.allow('kyc'),
      schema: { tags: ['admin'], params: PlayerParams, response: { 200: Envelope(SelfieImage) } },
    },
    async (request) => {
      const jpeg = await selfieForOperator(ctx, actorOf(request), BigInt(request.params.uId));
      return ok({ image: `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}` });
    },
  );
}
