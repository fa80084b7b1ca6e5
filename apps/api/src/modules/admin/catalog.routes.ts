import {
  AdminGame,
  AdminGamesAnswer,
  AdminNotice,
  AdminNoticesAnswer,
  AdminPackage,
  AdminPackagesAnswer,
  DepositsAnswer,
  DepositsQuery,
  GameParams,
  GameUpdateBody,
  KycAnswer,
  KycDecisionBody,
  KycQuery,
  KycRecord,
  NoticeBody,
  NoticeParams,
  NoticeUpdateBody,
  PackageBody,
  PackageParams,
  PackageUpdateBody,
  PlayerParams,
} from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { pagingOf } from '../../backoffice/paging.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import {
  createNotice,
  createPackage,
  listDeposits,
  listGames,
  listNotices,
  listPackages,
  updateGame,
  updateNotice,
  updatePackage,
} from './catalog.service.ts';
import { decideKyc, listKyc } from './kyc.service.ts';

/** KYC queue, deposits, price packages, games catalogue and notices (api-contract section 12). */
export function catalogAdminRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard): void {
  kycAndDepositRoutes(app, ctx, guard);
  packageRoutes(app, ctx, guard);
  gameAndNoticeRoutes(app, ctx, guard);
}

const tags = ['admin'];

function kycAndDepositRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard) {
  const kyc = { onRequest: guard.allow('kyc') };

  app.get(
    '/api/admin/kyc',
    { ...kyc, schema: { tags, querystring: KycQuery, response: { 200: Envelope(KycAnswer) } } },
    async (request) => ok(await listKyc(ctx, request.query.status, pagingOf(request.query))),
  );
  app.post(
    '/api/admin/kyc/:uId',
    {
      ...kyc,
      schema: { tags, params: PlayerParams, body: KycDecisionBody, response: { 200: Envelope(KycRecord) } },
    },
    async (request) =>
      ok(
        await decideKyc(
          ctx,
          actorOf(request),
          BigInt(request.params.uId),
          request.body.decision,
          request.body.reason,
        ),
      ),
  );

  app.get(
    '/api/admin/deposits',
    {
      onRequest: guard.allow('deposits'),
      schema: { tags, querystring: DepositsQuery, response: { 200: Envelope(DepositsAnswer) } },
    },
    async (request) => ok(await listDeposits(ctx, request.query.status, pagingOf(request.query))),
  );
}

function packageRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard) {
  const packages = { onRequest: guard.allow('packages') };
  app.get(
    '/api/admin/packages',
    { ...packages, schema: { tags, response: { 200: Envelope(AdminPackagesAnswer) } } },
    async () => ok(await listPackages(ctx)),
  );
  app.post(
    '/api/admin/packages',
    { ...packages, schema: { tags, body: PackageBody, response: { 200: Envelope(AdminPackage) } } },
    async (request) => ok(await createPackage(ctx, actorOf(request), request.body)),
  );
  app.post(
    '/api/admin/packages/:pkgId',
    {
      ...packages,
      schema: {
        tags,
        params: PackageParams,
        body: PackageUpdateBody,
        response: { 200: Envelope(AdminPackage) },
      },
    },
    async (request) =>
      ok(await updatePackage(ctx, actorOf(request), BigInt(request.params.pkgId), request.body)),
  );
}

function gameAndNoticeRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard) {
  const games = { onRequest: guard.allow('games') };
  const notices = { onRequest: guard.allow('notices') };
  app.get(
    '/api/admin/games',
    { ...games, schema: { tags, response: { 200: Envelope(AdminGamesAnswer) } } },
    async () => ok(await listGames(ctx)),
  );
  app.post(
    '/api/admin/games/:productCode/:gameCode',
    {
      ...games,
      schema: { tags, params: GameParams, body: GameUpdateBody, response: { 200: Envelope(AdminGame) } },
    },
    async (request) =>
      ok(
        await updateGame(
          ctx,
          actorOf(request),
          request.params.productCode,
          request.params.gameCode,
          request.body,
        ),
      ),
  );

  app.get(
    '/api/admin/notices',
    { ...notices, schema: { tags, response: { 200: Envelope(AdminNoticesAnswer) } } },
    async () => ok(await listNotices(ctx)),
  );
  app.post(
    '/api/admin/notices',
    { ...notices, schema: { tags, body: NoticeBody, response: { 200: Envelope(AdminNotice) } } },
    async (request) => ok(await createNotice(ctx, actorOf(request), request.body)),
  );
  app.post(
    '/api/admin/notices/:id',
    {
      ...notices,
      schema: {
        tags,
        params: NoticeParams,
        body: NoticeUpdateBody,
        response: { 200: Envelope(AdminNotice) },
      },
    },
    async (request) => ok(await updateNotice(ctx, actorOf(request), BigInt(request.params.id), request.body)),
  );
}
