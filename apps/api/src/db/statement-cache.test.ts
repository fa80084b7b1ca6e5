import { describe, expect, it } from 'vitest';
import { PREPARED, statementName } from './statement-cache.ts';

describe('statementName (the statement cache)', () => {
  it('runs a text unnamed twice, then under one name for good', () => {
    const text = 'select "id" from "users" where "id" = $1';
    expect(statementName(text)).toBeUndefined();
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^p_[0-9a-f]{24}$/);
    expect(statementName(text)).toBe(name);
    expect(statementName(`${text} for update`)).toBeUndefined();
  });

  it('names a marked statement from its first call', () => {
    expect(statementName(`${PREPARED} select 1`)).toMatch(/^p_/);
  });

  it('never names a statement over an array, whose plan depends on its length', () => {
    for (const text of [
      'UPDATE sports_bets b SET result = 1 WHERE b.id = ANY($1::bigint[])',
      'select * from unnest($1::bigint[]) as u(id)',
      'select 1 where 2 = any ($1)',
    ]) {
      for (let call = 0; call < 5; call++) expect(statementName(text)).toBeUndefined();
    }
  });

  it('never names a statement that selects every column, whose result a migration can change', () => {
    for (const text of [
      'select * from "game_rounds" where "game" = $1',
      'select "r".*, "b"."id" from "game_rounds" as "r" join "game_bets" as "b" on true',
      'update "support_settings" set "value" = $1 returning *',
      'WITH x AS (INSERT INTO t (a) VALUES ($1) RETURNING *) SELECT a FROM x',
      'SELECT *, count(*) OVER () AS total FROM users',
    ]) {
      for (let call = 0; call < 5; call++) expect(statementName(text)).toBeUndefined();
    }
    const counted = 'select count(*) as n from "sessions" where "user_id" = $1';
    for (let call = 0; call < 2; call++) expect(statementName(counted)).toBeUndefined();
    expect(statementName(counted)).toMatch(/^p_/);
    const product = 'select "stake_cents" * $1 as "potential" from "sports_bets" where "id" = $2';
    for (let call = 0; call < 2; call++) expect(statementName(product)).toBeUndefined();
    expect(statementName(product)).toMatch(/^p_/);
  });

  it('stops naming new texts at its cap, so varying shapes cannot fill a connection', () => {
    const named = new Set<string>();
    for (let shape = 0; shape < 700; shape++) {
      const text = `select ${shape} as n`;
      for (let call = 0; call < 3; call++) {
        const name = statementName(text);
        if (name) named.add(name);
      }
    }
    expect(named.size).toBeGreaterThan(100);
    expect(named.size).toBeLessThanOrEqual(500);
    // What was named before the cap keeps its name.
    expect(statementName('select 0 as n')).toMatch(/^p_/);
  });
});
