import type { AppContext } from '../../app-context.ts';

/** The enabled notices, newest first (the banner); `notice` is sent when the back office publishes one. */
export async function enabledNotices(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('notices')
    .select(['id', 'title', 'content', 'created_at'])
    .where('active', '=', true)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    content: row.content,
    time: row.created_at.getTime(),
  }));
}
