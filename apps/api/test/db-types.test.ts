import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDbTypes, REGENERATE, staleness } from '../src/cli/db-types.ts';
import { type DatabaseHandle, openPglite } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import { TEST_DATABASE } from './harness.ts';

/**
 * The table types are generated from the migrated schema (cli/db-types.ts, decision 0036). The checked-in file must
 * be what the migrations generate, and a migration whose types were not regenerated must be caught, naming the
 * command that fixes it. The generator reads an in-memory PGlite, so it runs once, in the PGlite project.
 */
describe.skipIf(TEST_DATABASE !== 'pglite')('generated database types', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openPglite(undefined);
    await migrate(database);
  });
  afterAll(() => database.close());

  it('the checked-in schema.generated.ts is what the migrations generate', async () => {
    expect(staleness(await generateDbTypes(database))).toBeUndefined();
  });

  it('a migration without regenerated types is stale, and the message names the command', async () => {
    // The planted migration: a new column, a new value set, a new table.
    await database.execScript(`
      ALTER TABLE users ADD COLUMN planted_note text;
      CREATE TABLE planted_things (
        id bigserial PRIMARY KEY,
        state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'old')),
        amount_cents bigint NOT NULL
      );`);
    const generated = await generateDbTypes(database);
    expect(generated).toContain('planted_note: string | null;');
    expect(generated).toMatch(
      /export interface PlantedThingsTable \{\n {2}id: Generated<bigint>;\n {2}state: Generated<'new' \| 'old'>;\n {2}amount_cents: bigint;\n\}/,
    );
    expect(generated).toContain('planted_things: PlantedThingsTable;');
    const stale = staleness(generated);
    expect(stale).toContain('schema.generated.ts does not match the migrations');
    expect(stale).toContain(REGENERATE);
  });
});
