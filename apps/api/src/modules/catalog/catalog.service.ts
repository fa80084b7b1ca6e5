import type { AppContext } from '../../app-context.ts';

/** The home page's game lists: the in-house games (SELF) and, per provider, the slots the catalogue holds. */
export async function mainLists(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('game_catalog')
    .select(['code', 'game_type', 'product_code', 'group_code', 'name', 'icon', 'stop', 'hot'])
    .orderBy('group_code')
    .orderBy('sort')
    .limit(500)
    .execute();
  type Group = { records: ReturnType<typeof present>[] };
  const groups: { SELF: Group; PG: Group; EVO: Group; BG: Group } = {
    SELF: { records: [] },
    PG: { records: [] },
    EVO: { records: [] },
    BG: { records: [] },
  };
  for (const row of rows) groups[row.group_code].records.push(present(row));
  // The operator's hot games (back office); until any is marked, the first open in-house games.
  const marked = rows.filter((row) => row.hot && !row.stop).map(present);
  const hot = marked.length > 0 ? marked : groups.SELF.records.filter((game) => !game.stop).slice(0, 6);
  return { ...groups, hot: { records: hot } };
}

function present(row: {
  code: string;
  game_type: string;
  product_code: string;
  name: string;
  icon: string;
  stop: boolean;
}) {
  return {
    value: row.code,
    productCode: row.product_code,
    gameType: row.game_type,
    stop: row.stop,
    name: row.name,
    icon: row.icon,
  };
}
