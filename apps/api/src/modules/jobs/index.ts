import type { RegisterModule } from '../../app-module.ts';
import { jobPoller } from './jobs.service.ts';

/** The durable job poller; it runs the job kinds every module registered, whatever their order. */
export const register: RegisterModule = (_app, ctx) => {
  ctx.background.add(jobPoller(ctx, ctx.jobs.handlers));
};
