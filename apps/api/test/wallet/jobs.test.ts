import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type JobHandler, jobPoller, runDueJobs, scheduleJob } from '../../src/modules/jobs/jobs.service.ts';
import { approveKyc, createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, deposit, newPlayer } from './helpers.ts';

/**
 * Durable jobs (modules/jobs), on which deposit expiry, withdrawal payouts and webhook redelivery rely: scheduling
 * with a unique key adds one job, a due job runs once even with two runners claiming at once, a failing job is
 * retried later and finally marked failed for the operator, a job whose runner died is picked up again, and the
 * poller runs due jobs by itself.
 */
describe(`durable jobs (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const jobsOf = (kind: string) =>
    test.ctx.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();
  const makeDue = (kind: string) =>
    test.ctx.db
      .updateTable('jobs')
      .set({ run_at: sql`now() - interval '1 second'` })
      .where('kind', '=', kind)
      .execute();

  it('schedules one job per unique key, however often it is asked', async () => {
    for (let i = 0; i < 3; i += 1)
      await scheduleJob(
        test.ctx.db,
        'unique_test',
        { n: i },
        { uniqueKey: 'unique_test:1', runAt: new Date(Date.now() + 3_600_000) },
      );
    const jobs = await jobsOf('unique_test');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toEqual({ n: 0 });
  });

  it('runs each due job once, even when two runners claim at the same time; a job not yet due waits', async () => {
    const runs: string[] = [];
    const handlers: Record<string, JobHandler> = {
      once_test: async (_ctx, payload) => {
        runs.push(String(payload.n));
        await sleep(30);
      },
    };
    for (let i = 0; i < 12; i += 1) await scheduleJob(test.ctx.db, 'once_test', { n: i });
    await scheduleJob(test.ctx.db, 'once_test', { n: 'later' }, { runAt: new Date(Date.now() + 3_600_000) });
    // The app's own jobs (the PSP webhook's registration) may be due too: count this test's runs, not the claims.
    await Promise.all([runDueJobs(test.ctx, handlers), runDueJobs(test.ctx, handlers)]);
    while (runs.length < 12) expect(await runDueJobs(test.ctx, handlers)).toBeGreaterThan(0);
    expect(runs).toHaveLength(12);
    expect([...runs].sort()).toEqual(Array.from({ length: 12 }, (_, i) => String(i)).sort());
    const jobs = await jobsOf('once_test');
    expect(jobs.filter((job) => job.done_at !== null)).toHaveLength(12);
    expect(jobs.find((job) => (job.payload as { n: unknown }).n === 'later')).toMatchObject({
      done_at: null,
      attempts: 0,
    });
  });

  it('retries a failing job later with backoff, then marks it failed after its last attempt', async () => {
    let calls = 0;
    const handlers: Record<string, JobHandler> = {
      failing_test: async () => {
        calls += 1;
        throw new Error(`PSP unreachable (${calls})`);
      },
    };
    await scheduleJob(test.ctx.db, 'failing_test', {}, { maxAttempts: 3 });
    expect(await runDueJobs(test.ctx, handlers)).toBe(1);
    let [job] = await jobsOf('failing_test');
    expect(job).toMatchObject({
      attempts: 1,
      done_at: null,
      failed_at: null,
      last_error: 'PSP unreachable (1)',
    });
    expect(job!.run_at.getTime()).toBeGreaterThan(Date.now());
    // Not due again yet: nothing runs.
    expect(await runDueJobs(test.ctx, handlers)).toBe(0);
    for (let attempt = 2; attempt <= 3; attempt += 1) {
      await makeDue('failing_test');
      expect(await runDueJobs(test.ctx, handlers)).toBe(1);
    }
    [job] = await jobsOf('failing_test');
    expect(job).toMatchObject({ attempts: 3, done_at: null, last_error: 'PSP unreachable (3)' });
    expect(job!.failed_at).not.toBeNull();
    await makeDue('failing_test');
    expect(await runDueJobs(test.ctx, handlers)).toBe(0);
    expect(calls).toBe(3);
  });

  it('picks up again a job whose runner died while holding it, once its lock has lapsed', async () => {
    const runs: unknown[] = [];
    const handlers: Record<string, JobHandler> = {
      crash_test: async (_ctx, payload) => void runs.push(payload.n),
    };
    await scheduleJob(test.ctx.db, 'crash_test', { n: 1 });
    // A runner claimed it and died: attempts counted, lock still held.
    await test.ctx.db
      .updateTable('jobs')
      .set({ attempts: 1, locked_until: sql`now() + interval '60 seconds'` })
      .where('kind', '=', 'crash_test')
      .execute();
    expect(await runDueJobs(test.ctx, handlers)).toBe(0);
    await test.ctx.db
      .updateTable('jobs')
      .set({ locked_until: sql`now() - interval '1 second'` })
      .where('kind', '=', 'crash_test')
      .execute();
    expect(await runDueJobs(test.ctx, handlers)).toBe(1);
    expect(runs).toEqual([1]);
    expect((await jobsOf('crash_test'))[0]).toMatchObject({ attempts: 2, done_at: expect.any(Date) });
  });

  it('the poller runs due jobs by itself and stops cleanly', async () => {
    const runs: unknown[] = [];
    // The poller's clock is the test's: it polls when the test moves time on.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const poller = jobPoller(
        test.ctx,
        { poll_test: async (_ctx, payload) => void runs.push(payload.n) },
        20,
      );
      poller.start();
      try {
        await scheduleJob(test.ctx.db, 'poll_test', { n: 'a' });
        await vi.waitFor(() => expect(runs).toEqual(['a']), { timeout: 5_000, interval: 20 });
      } finally {
        await poller.stop();
      }
      await scheduleJob(test.ctx.db, 'poll_test', { n: 'b' });
      // Stopped: however long the clock runs, nothing more is polled.
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs).toEqual(['a']);
    } finally {
      vi.useRealTimers();
    }
  });

  // app.ts starts the poller only when config.jobsEnabled (off in tests): a real server pays withdrawals by itself.
  it('a server with jobs enabled pays a withdrawal out by itself', async () => {
    const server = await createTestApp({ jobsEnabled: true, payoutDelaySeconds: 0 });
    try {
      const player = await newPlayer(server);
      await deposit(server, player, 5_000n);
      // Withdrawals need approved KYC and pay only to the player's own CPF.
      await approveKyc(server, player.token, '52998224725');
      const answer = await call(server, 'POST', '/api/app/order/withdraw', player.token, {
        payCardBank: 'CPF',
        payCardNo: '52998224725',
        amount: 20,
      });
      expect(answer.http).toBe(200);
      await expect
        .poll(
          async () =>
            (await call(server, 'GET', '/api/app/order/records?type=11', player.token)).data.records[0]
              .status,
          { timeout: 10_000 },
        )
        .toBe('10');
    } finally {
      await server.close();
    }
  });
});
