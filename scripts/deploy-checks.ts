import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Checks of the Dockerfile and of what compose.yaml must pass to the server, for scripts/deploy-checks.test.ts.
 * No Dockerfile linter is packaged for Debian (hadolint is not) and no image can be built on these machines, so
 * the rules that matter here are spelled out: stages, pinned bases, production dependencies only, a non-root
 * user, a health check and the tests' start command.
 */

export interface Instruction {
  /** FROM, RUN, COPY…, upper-cased. */
  keyword: string;
  /** The rest of the instruction, continuation lines joined. */
  args: string;
  line: number;
}

export interface Stage {
  name: string;
  /** The base image, with the ARG defaults declared before the first FROM substituted. */
  image: string;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): { args: Map<string, string>; stages: Stage[] } {
  const instructions: Instruction[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const start = index;
    let current = lines[index]!.trim();
    if (current === '' || current.startsWith('#')) continue;
    while (current.endsWith('\\') && index + 1 < lines.length) {
      index++;
      const next = lines[index]!.trim();
      if (next.startsWith('#')) continue;
      current = `${current.slice(0, -1).trimEnd()} ${next}`;
    }
    const match = /^(\S+)\s*(.*)$/.exec(current)!;
    instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!, line: start + 1 });
  }
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.args.split(/\s+/);
      const resolved = image.replace(/\$\{?(\w+)\}?/g, (_, arg: string) => args.get(arg) ?? '');
      stages.push({
        name: as?.toUpperCase() === 'AS' && name ? name : String(stages.length),
        image: resolved,
        instructions: [],
      });
    } else if (stages.length === 0 && instruction.keyword === 'ARG') {
      const [key, value = ''] = instruction.args.split('=');
      args.set(key!.trim(), value.trim());
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { args, stages };
}

/** The exec form of CMD/ENTRYPOINT as a list, or undefined for the shell form. */
export function execForm(args: string): string[] | undefined {
  try {
    const parsed: unknown = JSON.parse(args);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** What breaks this project's rules for its image; empty when none. */
export function dockerfileProblems(text: string, startCommand: readonly string[]): string[] {
  const problems: string[] = [];
  const { stages } = parseDockerfile(text);
  const stageNames = new Set(stages.map((stage) => stage.name));
  for (const stage of stages) {
    if (stageNames.has(stage.image)) continue;
    const tag = /^[^@]+:([^/@]+)$/.exec(stage.image.split('@')[0]!)?.[1];
    if (!tag || tag === 'latest')
      problems.push(`stage ${stage.name}: base image ${stage.image} has no pinned tag`);
  }
  const runtime = stages.at(-1);
  if (!runtime) return ['no FROM'];
  const runs = (stage: Stage | undefined) =>
    (stage?.instructions ?? []).filter((i) => i.keyword === 'RUN').map((i) => i.args);
  if (!stages.some((stage) => runs(stage).some((run) => /\bnpm ci\b/.test(run) && !/--omit=dev/.test(run))))
    problems.push('no stage installs every dependency with npm ci (for the build)');
  if (!stages.some((stage) => runs(stage).some((run) => /\bnpm run build\b/.test(run))))
    problems.push('no stage builds the web apps (npm run build)');
  const prodStage = stages.find((stage) => runs(stage).some((run) => /\bnpm ci\b.*--omit=dev/.test(run)));
  if (!prodStage) problems.push('no stage installs production dependencies only (npm ci --omit=dev)');
  const copies = runtime.instructions.filter((i) => i.keyword === 'COPY');
  // The installed modules come whole from the production-only stage: /app, with the nested node_modules of
  // workspaces (copying /app/node_modules alone loses those).
  const fromProd = copies.filter((copy) => prodStage && copy.args.startsWith(`--from=${prodStage.name} `));
  const fromOthers = copies.filter(
    (copy) =>
      /--from=/.test(copy.args) && /node_modules|\/app\/?\s/.test(copy.args) && !fromProd.includes(copy),
  );
  if (
    !fromProd.some((copy) => /\s\/app\/?\s/.test(` ${copy.args.split(/\s+/)[1]} `)) ||
    fromOthers.length > 0
  )
    problems.push('the runtime stage must take /app (every node_modules) from the production-only stage');
  if (runs(runtime).some((run) => /\bnpm (ci|install|i)\b/.test(run) && !/--omit=dev/.test(run)))
    problems.push('the runtime stage installs dev dependencies');
  for (const app of ['web', 'admin', 'studio']) {
    if (!copies.some((copy) => copy.args.includes(`apps/${app}/dist`)))
      problems.push(`the runtime stage lacks apps/${app}/dist`);
  }
  const cmdIndex = runtime.instructions.findLastIndex((i) => i.keyword === 'CMD');
  const users = runtime.instructions
    .map((instruction, index) => ({ instruction, index }))
    .filter(({ instruction }) => instruction.keyword === 'USER');
  const lastUser = users.at(-1);
  if (!lastUser || lastUser.index > cmdIndex || /^(root|0)(:|$)/.test(lastUser.instruction.args.trim()))
    problems.push('the runtime stage must switch to a non-root USER before CMD');
  const healthcheck = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK');
  if (!healthcheck?.args.includes('/health/live'))
    problems.push('the runtime stage needs a HEALTHCHECK on /health/live');
  if (runtime.instructions.some((i) => i.keyword === 'ENTRYPOINT'))
    problems.push('no ENTRYPOINT: CMD alone is the start command');
  const cmd = cmdIndex < 0 ? undefined : execForm(runtime.instructions[cmdIndex]!.args);
  if (!cmd || cmd.join(' ') !== startCommand.join(' '))
    problems.push(`CMD must be the tests' start command in exec form: ${JSON.stringify(startCommand)}`);
  return problems;
}

/** The command the scaling tests start a node with (apps/api/test/scaling/nodes.ts), as an image runs it. */
export function testsStartCommand(nodesSource: string): string[] {
  const match = /spawn\(\s*path\.join\(repoRoot, 'node_modules\/\.bin\/node'\),\s*\[([^\]]*)\]/.exec(
    nodesSource,
  );
  if (!match) throw new Error('apps/api/test/scaling/nodes.ts no longer spawns node_modules/.bin/node');
  const args = [...match[1]!.matchAll(/'([^']*)'/g)].map((arg) => arg[1]!);
  return ['node', ...args];
}

/** Every environment variable the server reads: its configuration files, and any process.env read elsewhere. */
export function serverVariables(root: string): string[] {
  const apiSrc = join(root, 'apps/api/src');
  const configFiles = [
    join(apiSrc, 'config.ts'),
    join(apiSrc, 'cluster/workers.config.ts'),
    ...readdirSync(join(apiSrc, 'config'))
      .filter((file) => file.endsWith('.config.ts'))
      .map((file) => join(apiSrc, 'config', file)),
  ];
  const names = new Set<string>();
  for (const file of configFiles) {
    const text = readFileSync(file, 'utf8');
    // `env.NAME`, and names handed to a reading helper as a whole literal: key('NAME', …), text(env, 'NAME').
    for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g))
      names.add((match[1] ?? match[2])!);
  }
  for (const file of sourceFiles(apiSrc)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g))
      names.add(match[1]!);
  }
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
