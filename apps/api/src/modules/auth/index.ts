import type { RegisterModule } from '../../app-module.ts';
import { authRoutes } from './auth.routes.ts';
import { ensureFirstOperator } from './auth.service.ts';

/** Players' and operators' sign-in, registration, captcha and password reset; the first operator at boot. */
export const register: RegisterModule = async (app, ctx) => {
  await ensureFirstOperator(ctx);
  authRoutes(app, ctx, ctx.guards);
};
