import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from '../locales/en_US.json' with { type: 'json' };
import ptBR from '../locales/pt_BR.json' with { type: 'json' };
import { humanise, VOCABULARIES } from './vocabulary.ts';

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

function serverSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverSources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The codes the server writes, read from its source: audit actions and ledger transaction codes. */
function serverCodes() {
  const actions = new Set<string>();
  const ledgerCodes = new Set<string>();
  const root = join(import.meta.dirname, '../../../api/src/modules');
  for (const file of serverSources(root)) {
    const text = readFileSync(file, 'utf8');
    if (text.includes('writeAudit') || text.includes('changeConversation') || text.includes('audited(')) {
      // `action: 'game.update'`, `audited(request, 'sports.settle', …)`, `changeConversation(…, 'chat.close', …)`
      for (const match of text.matchAll(/(?:action: |audited\(request, |, id, )'([a-z_]+\.[a-z_]+)'/g))
        actions.add(match[1]!);
      // `action: closed ? 'chat.reply_reopen' : 'chat.reply'`
      for (const match of text.matchAll(/action: [^?\n]+\? '([a-z_]+\.[a-z_]+)' : '([a-z_]+\.[a-z_]+)'/g))
        actions.add(match[1]!).add(match[2]!);
    }
    if (text.includes('postTransaction') || text.includes('code:')) {
      for (const match of text.matchAll(/\bcode: '([a-z]+_[a-z_]+)'/g)) ledgerCodes.add(match[1]!);
    }
  }
  return { actions, ledgerCodes };
}

describe('the vocabularies an operator reads', () => {
  it('every code of every vocabulary has its words in pt-BR and en-US', () => {
    const missing: string[] = [];
    for (const [vocabulary, codes] of Object.entries(VOCABULARIES))
      for (const code of codes)
        for (const [lang, tree] of [
          ['pt_BR', ptBR],
          ['en_US', enUS],
        ] as const)
          if (typeof lookup(tree as Tree, `words.${vocabulary}.${code}`) !== 'string')
            missing.push(`${lang} words.${vocabulary}.${code}`);
    expect(missing).toEqual([]);
  });

  it("names every audit action and ledger code the server's source writes (unknown ones are logged)", () => {
    const { actions, ledgerCodes } = serverCodes();
    const known = {
      actions: new Set<string>(VOCABULARIES.auditAction),
      ledger: new Set<string>(VOCABULARIES.ledgerCode),
    };
    const unknownActions = [...actions].filter((code) => !known.actions.has(code)).sort();
    // Only transaction codes: a `code:` of the ledger's shape that names a known stake or reward family.
    const unknownCodes = [...ledgerCodes]
      .filter((code) =>
        /_(stake|payout|refund|reward|claim|hold|paid|returned|gift|adjustment|forfeit|credit|cashout|reversal)$/.test(
          code,
        ),
      )
      .filter((code) => !known.ledger.has(code))
      .sort();
    if (unknownActions.length + unknownCodes.length > 0)
      console.warn('codes without words (shown humanised):', { unknownActions, unknownCodes });
    expect(actions.size).toBeGreaterThan(20);
    expect(unknownActions).toEqual([]);
    expect(unknownCodes).toEqual([]);
  });

  it('an unknown code still reads as words', () => {
    expect(humanise('sports_payout_reversal')).toBe('Sports payout reversal');
    expect(humanise('game.update')).toBe('Game update');
    expect(humanise('payoutMax')).toBe('Payout max');
    expect(humanise('')).toBe('—');
  });
});
