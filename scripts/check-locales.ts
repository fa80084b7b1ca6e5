// Checks the web app's translation files (apps/web/src/locales/<locale>/<namespace>.json) against
// pt_BR, the default and fallback language. It fails, naming the locale and the key, when a
// locale lacks a namespace or key that pt_BR has, has one pt_BR lacks, has an empty or non-text
// value, uses other {{placeholders}} than pt_BR, or leaves a text identical to en_US's (an
// untranslated copy) for a key that is not on the allow-list of names and codes.
// Then the server's message catalogues (apps/api/src/locales/<locale>.json, flat keys, {placeholders})
// by the same rules: the same 15 locales, every pt_BR key, the same placeholders, no English copies.
// Plain Node 24 TypeScript, no dependencies: `node scripts/check-locales.ts`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const localesDir = join(import.meta.dirname, '..', 'apps', 'web', 'src', 'locales');
const serverLocalesDir = join(import.meta.dirname, '..', 'apps', 'api', 'src', 'locales');
const allowListFile = join(localesDir, 'allow-identical.json');
const reference = 'pt_BR';
const english = 'en_US';
// Nigerian English is English on purpose: the one locale allowed to match en_US.
const englishLocales = new Set([english, 'nr_NR']);
const expectedLocales = [
  'pt_BR',
  'en_US',
  'id_ID',
  'vi_VN',
  'nr_NR',
  'ja_JP',
  'ko_KR',
  'zh_CN',
  'ru_RU',
  'de_DE',
  'es_ES',
  'fr_FR',
  'it_IT',
  'hi_IN',
  'th_TH',
];

type Texts = Map<string, string>;

const problems: string[] = [];
const report = (locale: string, key: string, problem: string) =>
  problems.push(`${locale} ${key}: ${problem}`);

function flatten(value: unknown, prefix: string, out: Texts, locale: string): void {
  if (typeof value === 'string') {
    out.set(prefix, value);
    return;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, out, locale);
    return;
  }
  report(locale, prefix, `value must be text, found ${JSON.stringify(value)}`);
}

function readLocale(locale: string): Map<string, Texts> {
  const namespaces = new Map<string, Texts>();
  const dir = join(localesDir, locale);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const namespace = file.slice(0, -'.json'.length);
    const texts: Texts = new Map();
    try {
      flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')), '', texts, locale);
    } catch (error) {
      report(locale, `${namespace}:*`, `cannot read ${file}: ${(error as Error).message}`);
    }
    // Keys are reported as namespace:key, the form i18next and the allow-list use.
    namespaces.set(namespace, new Map([...texts].map(([key, text]) => [`${namespace}:${key}`, text])));
  }
  return namespaces;
}

function placeholders(text: string): string {
  return [...text.matchAll(/\{\{\s*([\w.-]+)[^}]*\}\}/g)]
    .map((match) => match[1])
    .sort()
    .join(',');
}

function allTexts(namespaces: Map<string, Texts>): Texts {
  return new Map([...namespaces.values()].flatMap((texts) => [...texts]));
}

/** Server placeholders are single-braced: 'Montante mínimo de retirada:{symbol} {limit}'. */
function serverPlaceholders(text: string): string {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort().join(',');
}

function readServerCatalogue(locale: string): Texts | undefined {
  const file = join(serverLocalesDir, `${locale}.json`);
  if (!existsSync(file)) {
    report(`server ${locale}`, '*', `catalogue ${locale}.json is missing`);
    return undefined;
  }
  const texts: Texts = new Map();
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    // Flat keys: a nested object is a mistake, reported as a non-text value.
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') texts.set(key, value);
      else report(`server ${locale}`, key, `value must be text, found ${JSON.stringify(value)}`);
    }
  } catch (error) {
    report(`server ${locale}`, '*', `cannot read ${locale}.json: ${(error as Error).message}`);
  }
  return texts;
}

/** Returns the number of server message keys (pt_BR's). */
function checkServerCatalogues(): number {
  const present = readdirSync(serverLocalesDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length));
  for (const locale of present) {
    if (!expectedLocales.includes(locale)) report(`server ${locale}`, '*', 'unexpected catalogue');
  }
  const referenceTexts = readServerCatalogue(reference);
  if (!referenceTexts) return 0;
  const englishTexts = readServerCatalogue(english) ?? new Map<string, string>();
  for (const locale of expectedLocales.filter((name) => name !== reference)) {
    const texts = locale === english ? englishTexts : readServerCatalogue(locale);
    if (!texts) continue;
    for (const [key, referenceText] of referenceTexts) {
      const text = texts.get(key);
      if (text === undefined) {
        report(`server ${locale}`, key, 'missing');
        continue;
      }
      if (text.trim() === '') report(`server ${locale}`, key, 'empty value');
      if (serverPlaceholders(text) !== serverPlaceholders(referenceText)) {
        report(
          `server ${locale}`,
          key,
          `placeholders {${serverPlaceholders(text)}} differ from pt_BR's {${serverPlaceholders(referenceText)}}`,
        );
      }
      if (!englishLocales.has(locale) && englishTexts.get(key) === text) {
        report(`server ${locale}`, key, `identical to en_US ("${text}"): translate it`);
      }
    }
    for (const key of texts.keys()) {
      if (!referenceTexts.has(key)) report(`server ${locale}`, key, 'extra key not in pt_BR');
    }
  }
  return referenceTexts.size;
}

function main(): number {
  const present = readdirSync(localesDir).filter((name) => statSync(join(localesDir, name)).isDirectory());
  for (const locale of expectedLocales) {
    if (!present.includes(locale)) report(locale, '*', 'locale folder is missing');
  }
  for (const locale of present) {
    if (!expectedLocales.includes(locale)) report(locale, '*', 'unexpected locale folder');
  }

  const allowList = new Set<string>(
    existsSync(allowListFile) ? (JSON.parse(readFileSync(allowListFile, 'utf8')) as string[]) : [],
  );
  const referenceNamespaces = readLocale(reference);
  const referenceTexts = allTexts(referenceNamespaces);
  const englishTexts = present.includes(english) ? allTexts(readLocale(english)) : new Map<string, string>();
  for (const key of allowList) {
    if (!referenceTexts.has(key))
      report('allow-identical.json', key, 'allow-listed key does not exist in pt_BR');
  }

  for (const locale of expectedLocales.filter((name) => present.includes(name))) {
    const namespaces = locale === reference ? referenceNamespaces : readLocale(locale);
    for (const namespace of referenceNamespaces.keys()) {
      if (!namespaces.has(namespace))
        report(locale, `${namespace}:*`, `namespace file ${namespace}.json is missing`);
    }
    for (const namespace of namespaces.keys()) {
      if (!referenceNamespaces.has(namespace))
        report(locale, `${namespace}:*`, 'namespace file not in pt_BR');
    }
    const texts = allTexts(namespaces);
    for (const [key, referenceText] of referenceTexts) {
      const text = texts.get(key);
      if (text === undefined) {
        report(locale, key, 'missing');
        continue;
      }
      if (text.trim() === '') report(locale, key, 'empty value');
      if (placeholders(text) !== placeholders(referenceText)) {
        report(
          locale,
          key,
          `placeholders {${placeholders(text)}} differ from pt_BR's {${placeholders(referenceText)}}`,
        );
      }
      if (!englishLocales.has(locale) && !allowList.has(key) && englishTexts.get(key) === text) {
        report(locale, key, `identical to en_US ("${text}"): translate it or allow-list the key`);
      }
    }
    for (const key of texts.keys()) {
      if (!referenceTexts.has(key)) report(locale, key, 'extra key not in pt_BR');
    }
  }

  const serverKeys = checkServerCatalogues();

  if (problems.length > 0) {
    console.error(`check-locales: ${problems.length} problem(s)`);
    for (const problem of problems) console.error(`  ${problem}`);
    return 1;
  }
  console.log(
    `check-locales: ${expectedLocales.length} locales match pt_BR (web ${referenceTexts.size} keys, server ${serverKeys} keys)`,
  );
  return 0;
}

process.exitCode = main();
