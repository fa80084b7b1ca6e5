import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATOR_ROLES, RISK_REASONS } from '@aposta/contract';
import { describe, expect, it } from 'vitest';
import { PAGES } from '../app/pages.tsx';
import enUS from './en_US.json' with { type: 'json' };
import ptBR from './pt_BR.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

const pt = flatten(ptBR as Tree);
const en = flatten(enUS as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('back-office texts', () => {
  it('pt-BR and en-US have the same keys, none empty, with the same placeholders', () => {
    expect([...en.keys()].sort()).toEqual([...pt.keys()].sort());
    for (const [key, text] of pt) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(en.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('every key the code asks for exists', () => {
    const root = join(import.meta.dirname, '..');
    const asked = new Set<string>();
    for (const file of sourceFiles(root)) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) asked.add(match[1]!);
      // keys written as the branches of a condition: t(x ? 'a.b' : 'c.d')
      for (const match of code.matchAll(
        /\?\s*'([a-z][a-zA-Z0-9]*\.[a-zA-Z0-9_.]+)'\s*:\s*'([a-z][a-zA-Z0-9]*\.[a-zA-Z0-9_.]+)'/g,
      )) {
        asked.add(match[1]!);
        asked.add(match[2]!);
      }
    }
    for (const page of PAGES) asked.add(page.title);
    for (const role of OPERATOR_ROLES) asked.add(`role.${role}`);
    for (const reason of RISK_REASONS) asked.add(`risk.${reason}`);
    const missing = [...asked].filter((key) => !pt.has(key) && !key.startsWith('language.short'));
    expect(missing).toEqual([]);
  });

  it('pt-BR is not an English copy', () => {
    // Game and provider names are brands: the same in every language.
    const brands = /^words\.(product|betGame|field\.(PG|EVO|BG|rtp))\b/;
    const same = [...pt].filter(
      ([key, text]) => en.get(key) === text && text.length > 6 && !brands.test(key),
    );
    // Names that read the same in both languages.
    expect(same.map(([key]) => key).sort()).toEqual([
      'app.name',
      'kycPage.provider',
      'role.marketing',
      'sports.sport.badminton',
    ]);
  });
});
