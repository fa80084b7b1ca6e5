import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findViolations, readSourceTree, type SourceFile } from './check-boundaries.ts';

const file = (path: string, text: string): SourceFile => ({ path, text });
const rulesOf = (files: SourceFile[]) => findViolations(files).map((v) => `${v.path}:${v.line} ${v.rule}`);

describe('boundary check', () => {
  it('passes on the current tree', () => {
    expect(findViolations(readSourceTree(join(import.meta.dirname, '..')))).toEqual([]);
  });

  it('fails on a package importing an app, by path or by name', () => {
    expect(
      rulesOf([
        file('packages/money/src/cents.ts', "import { x } from '../../../apps/api/src/config.ts';"),
        file('packages/fair/src/dice.ts', "\nimport type { Y } from '@aposta/web/src/lib/http';"),
      ]),
    ).toEqual([
      'packages/money/src/cents.ts:1 packages never import apps',
      'packages/fair/src/dice.ts:2 packages never import apps',
    ]);
  });

  it('fails on the API and the web app importing each other, and lets both use packages', () => {
    expect(
      rulesOf([
        file('apps/web/src/lib/http.ts', "import { ok } from '../../../api/src/http/envelope.ts';"),
        file('apps/api/src/app.ts', "const web = await import('../../web/src/main.tsx');"),
        file('apps/api/src/modules/games/x.ts', "import { diceRoll } from '@aposta/fair';"),
      ]),
    ).toEqual([
      'apps/web/src/lib/http.ts:1 apps/api and apps/web never import each other',
      'apps/api/src/app.ts:1 apps/api and apps/web never import each other',
    ]);
  });

  it('fails on a web feature importing another feature, not on imports inside one feature', () => {
    expect(
      rulesOf([
        file(
          'apps/web/src/features/games/DicePage.tsx',
          "import { Slip } from '../sports/slip/Slip';\nimport { roll } from './logic/roll';",
        ),
        file('apps/web/src/features/sports/components/Card.tsx', "import { odds } from '../logic/lines';"),
      ]),
    ).toEqual(['apps/web/src/features/games/DicePage.tsx:1 a web feature never imports another feature']);
  });

  it('fails on lib/ or components/ importing features/ or app/', () => {
    expect(
      rulesOf([
        file('apps/web/src/lib/format.ts', "import { useWallet } from '../features/wallet/store';"),
        file('apps/web/src/components/Header.tsx', "export { Shell } from '../app/Shell';"),
        file('apps/web/src/app/routes.tsx', "import { Home } from '../features/home/Home';"),
      ]),
    ).toEqual([
      'apps/web/src/lib/format.ts:1 web lib/ and components/ never import features/ or app/',
      'apps/web/src/components/Header.tsx:1 web lib/ and components/ never import features/ or app/',
    ]);
  });

  it('fails on a ledger_* write outside modules/ledger, through Kysely or SQL, and allows reads', () => {
    expect(
      rulesOf([
        file(
          'apps/api/src/modules/wallet/bonus.ts',
          [
            "await trx.insertInto('ledger_postings').values(row).execute();",
            "await trx.updateTable('ledger_accounts').set({ balance_cents: 0n }).execute();",
            'await sql`UPDATE ledger_accounts SET balance_cents = 0`.execute(db);',
            "await db.selectFrom('ledger_accounts').selectAll().execute();",
            'await sql`DELETE FROM ledger_transactions`.execute(db);',
          ].join('\n'),
        ),
        file('apps/api/src/modules/ledger/ledger.service.ts', "await trx.insertInto('ledger_postings');"),
        file('apps/api/src/db/migrations/0009_fix.sql', 'UPDATE ledger_accounts SET kind = kind;'),
      ]),
    ).toEqual([
      'apps/api/src/modules/wallet/bonus.ts:1 only modules/ledger writes ledger_* tables',
      'apps/api/src/modules/wallet/bonus.ts:2 only modules/ledger writes ledger_* tables',
      'apps/api/src/modules/wallet/bonus.ts:3 only modules/ledger writes ledger_* tables',
      'apps/api/src/modules/wallet/bonus.ts:5 only modules/ledger writes ledger_* tables',
    ]);
  });

  it('fails on a shared API layer importing a module, and on a service importing http/', () => {
    expect(
      rulesOf([
        file(
          'apps/api/src/http/auth.ts',
          "import { findLive } from '../modules/auth/sessions.repository.ts';",
        ),
        file('apps/api/src/db/x.ts', "import type { A } from '../modules/admin/access.ts';"),
        file('apps/api/src/config.ts', "import { parseSlots } from './modules/slots/slots.config.ts';"),
        file(
          'apps/api/src/modules/rg/rg.service.ts',
          "import { readAmountCents } from '../../http/amount.ts';",
        ),
        file('apps/api/src/modules/rg/rg.routes.ts', "import { ok } from '../../http/envelope.ts';"),
        file('apps/api/src/modules/rg/index.ts', "import { ok } from '../../http/envelope.ts';"),
        file(
          'apps/api/src/modules/slots/provider-http.ts',
          "import type { T } from '../../http/typed-app.ts';",
        ),
        file('apps/api/src/app.ts', "import * as rg from './modules/rg/index.ts';"),
      ]),
    ).toEqual([
      'apps/api/src/http/auth.ts:1 api shared layers never import modules',
      'apps/api/src/db/x.ts:1 api shared layers never import modules',
      'apps/api/src/config.ts:1 api shared layers never import modules',
      'apps/api/src/modules/rg/rg.service.ts:1 api services never import http/ (only routes, index and *-http files do)',
    ]);
  });
});
