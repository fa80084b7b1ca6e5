import type { AppContext } from '../../app-context.ts';
import { accountRefused, conflict } from '../../lib/domain-error.ts';
import { sha256 } from '../../lib/secrets.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';
import {
  type CheckOutcome,
  type CheckReason,
  dailyCheckedOn,
  insertChecks,
  markAnswered,
  playerCpf,
} from './compliance.repository.ts';
import { restrictListed } from './compliance.restriction.ts';
import {
  httpListsAdapter,
  LIST_NAMES,
  type ListAnswer,
  type ListName,
  type ListsAdapter,
} from './lists.adapter.ts';
import { listsEmulator } from './lists.emulator.ts';

/** The checks' clock: tests move it to make a new day or a 15-day period pass. */
export const complianceClock = { now: (): Date => new Date() };

export const CHECK_JOB = 'compliance.check';

/** The lists are asked only under br-licensed; the open profile is unchanged. */
export const checksOn = (ctx: AppContext) => ctx.config.regulatoryProfile === 'br-licensed';

export function listsAdapter(ctx: AppContext): ListsAdapter {
  const { listsUrl, listsToken } = ctx.config.compliance;
  return listsUrl ? httpListsAdapter(listsUrl, listsToken) : listsEmulator;
}

/** The player's day, in Brasília (the SPA's day): the "first login of the day" is the first of this date. */
export const brasiliaDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);

type Asked = { answers: ListAnswer[] } | { outcome: 'failed' | 'late'; error: string };

/** One question to the register, bounded by the timeout: an answer after it is `late` and not waited for. */
async function askLists(ctx: AppContext, adapter: ListsAdapter, cpf: string): Promise<Asked> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Asked>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ outcome: 'late', error: `no answer in ${ctx.config.compliance.timeoutMs} ms` });
    }, ctx.config.compliance.timeoutMs);
  });
  const answer = adapter.check(cpf, controller.signal).then(
    (answers): Asked => ({ answers }),
    (error: unknown): Asked =>
      controller.signal.aborted
        ? { outcome: 'late', error: 'aborted' }
        : { outcome: 'failed', error: error instanceof Error ? error.message : String(error) },
  );
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export interface CheckSummary {
  outcome: CheckOutcome;
  list?: ListName;
}

export interface CheckRequest {
  userId: bigint | null;
  cpf: string;
  reason: CheckReason;
  attempt?: number;
}

/**
 * Asks every list about a CPF and records the question and its answer, one row per list. A listed player is
 * restricted at once (compliance.restriction.ts); a failed or late check is asked again by a job, with backoff.
 */
export async function runCheck(ctx: AppContext, request: CheckRequest): Promise<CheckSummary> {
  const adapter = listsAdapter(ctx);
  const attempt = request.attempt ?? 1;
  const requestedAt = complianceClock.now();
  const result = await askLists(ctx, adapter, request.cpf);
  const answered = 'answers' in result;
  await insertChecks(ctx.db, {
    userId: request.userId,
    cpfHash: sha256(request.cpf).toString('hex'),
    cpfTail: request.cpf.slice(-2),
    reason: request.reason,
    attempt,
    adapter: adapter.name,
    requestedAt,
    answeredAt: answered ? complianceClock.now() : null,
    result,
    lists: LIST_NAMES,
  });
  if (!answered) {
    if (request.userId !== null) await scheduleRetry(ctx, request.userId, request.reason, attempt);
    return { outcome: result.outcome };
  }
  const listed = result.answers.find((entry) => entry.listed);
  if (request.userId !== null) {
    const day = request.reason === 'daily_login' ? brasiliaDay(requestedAt) : undefined;
    await markAnswered(ctx.db, request.userId, requestedAt, day);
    if (listed) await restrictListed(ctx, request.userId, listed.list, requestedAt);
  }
  return listed ? { outcome: 'listed', list: listed.list } : { outcome: 'clear' };
}

async function scheduleRetry(ctx: AppContext, userId: bigint, reason: CheckReason, attempt: number) {
  const delaySeconds = ctx.config.compliance.retrySeconds * 2 ** Math.min(attempt - 1, 6);
  await scheduleJob(
    ctx.db,
    CHECK_JOB,
    { userId: userId.toString(), reason, attempt: attempt + 1 },
    {
      runAt: new Date(Date.now() + delaySeconds * 1000),
      uniqueKey: `compliance:retry:${userId}:${reason}:${requestedKey()}:${attempt + 1}`,
      maxAttempts: 3,
    },
  );
}

/** Retries of one day share a key per attempt; a retry of the next day is a new question. */
const requestedKey = () => brasiliaDay(complianceClock.now());

/**
 * The first login of each day (IN SPA/MF 22/2025): the player's CPF is asked about once that day. Listed: the
 * login is refused (the account is closed). Failed or late: the player gets in, a retry is queued, and the next
 * login of the day asks again; a register outage never locks a clear player out.
 */
export async function checkListsAtLogin(ctx: AppContext, userId: bigint): Promise<void> {
  if (!checksOn(ctx)) return;
  const cpf = await playerCpf(ctx.db, userId);
  if (!cpf) return;
  if ((await dailyCheckedOn(ctx.db, userId)) === brasiliaDay(complianceClock.now())) return;
  const summary = await runCheck(ctx, { userId, cpf, reason: 'daily_login' });
  if (summary.outcome === 'listed') throw accountRefused('compliance.account_closed');
}

/**
 * Onboarding (the CPF given at KYC): a listed CPF is refused and the account closed; an unanswered check refuses
 * the CPF for now (COMPLIANCE_ONBOARDING_UNANSWERED=refuse, the conservative reading) in neutral words, or lets
 * it through with a retry queued (`allow`).
 */
export async function screenCpfAtOnboarding(ctx: AppContext, userId: bigint, cpf: string): Promise<void> {
  if (!checksOn(ctx)) return;
  const summary = await runCheck(ctx, { userId, cpf, reason: 'registration' });
  if (summary.outcome === 'listed') throw accountRefused('compliance.account_closed');
  if (summary.outcome !== 'clear' && ctx.config.compliance.onboardingUnanswered === 'refuse')
    throw conflict('compliance.pending');
}

/** The durable job: a periodic check, or a retry of a failed or late one. */
export async function checkJob(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  if (!checksOn(ctx)) return;
  const userId = BigInt(String(payload.userId));
  const cpf = await playerCpf(ctx.db, userId);
  if (!cpf) return;
  const reason = String(payload.reason) as CheckReason;
  await runCheck(ctx, { userId, cpf, reason, attempt: Number(payload.attempt ?? 1) });
}
