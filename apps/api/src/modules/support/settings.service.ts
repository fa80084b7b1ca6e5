import type { CannedAnswer, CannedAnswerBody, SupportConfig, SupportSettingsBody } from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { notFound } from '../../lib/domain-error.ts';

/** LiveChat's chat window (docs/decisions/0019-support-chat.md): the only origin the panel may frame. */
export const LIVECHAT_ORIGIN = 'https://secure.livechatinc.com';

export async function readSupportConfig(ctx: AppContext): Promise<SupportConfig> {
  const row = await ctx.db.selectFrom('support_settings').selectAll().executeTakeFirstOrThrow();
  return {
    telegram: row.telegram,
    supportId: row.support_id,
    onlineBase: row.online_base,
    chatLicence: row.chat_licence,
  };
}

export async function updateSupportConfig(
  ctx: AppContext,
  actor: Actor,
  input: SupportSettingsBody,
  frames: FrameOrigins,
): Promise<SupportConfig> {
  const config = await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('support_settings').selectAll().forUpdate().executeTakeFirstOrThrow();
    const change = {
      ...(input.telegram !== undefined ? { telegram: input.telegram } : {}),
      ...(input.supportId !== undefined ? { support_id: input.supportId.trim() } : {}),
      ...(input.onlineBase !== undefined ? { online_base: input.onlineBase } : {}),
      ...(input.chatLicence !== undefined ? { chat_licence: input.chatLicence } : {}),
    };
    const after = await trx
      .updateTable('support_settings')
      .set({ ...change, updated_at: new Date() })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { updated_at: _before, ...beforeValues } = before;
    const { updated_at: _after, ...afterValues } = after;
    await writeAudit(trx, actor, {
      action: 'support.settings',
      target: 'support_settings',
      before: beforeValues,
      after: afterValues,
    });
    return {
      telegram: after.telegram,
      supportId: after.support_id,
      onlineBase: after.online_base,
      chatLicence: after.chat_licence,
    };
  });
  frames.set(config.chatLicence);
  return config;
}

const FRAME_CACHE_MS = 10_000;

/**
 * Whether the player app may frame LiveChat, cached for 10 s per server: the CSP of every answer depends on it,
 * and another process's change reaches this one within that time.
 */
export function createFrameOrigins(ctx: AppContext) {
  let licence = '';
  let readAt = 0;
  return {
    set(value: string): void {
      licence = value;
      readAt = Date.now();
    },
    async allowed(): Promise<boolean> {
      if (Date.now() - readAt > FRAME_CACHE_MS) {
        readAt = Date.now();
        try {
          const row = await ctx.db.selectFrom('support_settings').select('chat_licence').executeTakeFirst();
          licence = row?.chat_licence ?? '';
        } catch (error) {
          // An answer (even a 503 for a busy database) must not fail for its header: keep the last value.
          ctx.log.warn({ err: error }, 'support settings unreadable for the CSP; keeping the last value');
        }
      }
      return licence !== '';
    },
  };
}

export type FrameOrigins = ReturnType<typeof createFrameOrigins>;

// --- canned answers ---

const presentCanned = (row: { id: bigint; title: string; body: string }): CannedAnswer => ({
  id: Number(row.id),
  title: row.title,
  text: row.body,
});

export async function listCanned(ctx: AppContext): Promise<CannedAnswer[]> {
  const rows = await ctx.db
    .selectFrom('chat_canned_answers')
    .select(['id', 'title', 'body'])
    .orderBy('title')
    .execute();
  return rows.map(presentCanned);
}

export async function createCanned(ctx: AppContext, actor: Actor, input: CannedAnswerBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('chat_canned_answers')
      .values({ title: input.title.trim() || input.title, body: input.text })
      .returning(['id', 'title', 'body'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      action: 'chat.canned_create',
      target: `canned:${row.id}`,
      before: null,
      after: row,
    });
    return presentCanned(row);
  });
}

export async function updateCanned(ctx: AppContext, actor: Actor, id: bigint, input: CannedAnswerBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('chat_canned_answers')
      .select(['id', 'title', 'body'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    const row = await trx
      .updateTable('chat_canned_answers')
      .set({ title: input.title, body: input.text })
      .where('id', '=', id)
      .returning(['id', 'title', 'body'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      action: 'chat.canned_update',
      target: `canned:${id}`,
      before,
      after: row,
    });
    return presentCanned(row);
  });
}

export async function deleteCanned(ctx: AppContext, actor: Actor, id: bigint): Promise<null> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .deleteFrom('chat_canned_answers')
      .where('id', '=', id)
      .returning(['id', 'title', 'body'])
      .executeTakeFirst();
    if (!before) throw notFound();
    await writeAudit(trx, actor, {
      action: 'chat.canned_delete',
      target: `canned:${id}`,
      before,
      after: null,
    });
    return null;
  });
}
