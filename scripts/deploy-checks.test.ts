import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dockerfileProblems, parseDockerfile, serverVariables, testsStartCommand } from './deploy-checks.ts';

/**
 * The image and the compose file (issue 31). No image can be built here (no base image can be pulled, no Docker
 * daemon): the Dockerfile is held to explicit rules, and compose.yaml is parsed by Debian's docker-compose.
 */
const root = join(import.meta.dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const startCommand = testsStartCommand(read('apps/api/test/scaling/nodes.ts'));
const dockerfile = read('Dockerfile');

describe('Dockerfile', () => {
  it("follows the image's rules and starts what the tests start", () => {
    expect(startCommand).toEqual(['node', 'apps/api/src/main.ts']);
    expect(dockerfileProblems(dockerfile, startCommand)).toEqual([]);
  });

  it('has the deps, build, production-deps and runtime stages, the last one exposing both ports', () => {
    const { stages } = parseDockerfile(dockerfile);
    expect(stages.map((stage) => stage.name)).toEqual(['deps', 'build', 'prod-deps', 'runtime']);
    expect(stages.at(-1)!.image).toMatch(/^node:24[.-]/);
    const runtime = stages.at(-1)!.instructions;
    const env = runtime
      .filter((i) => i.keyword === 'ENV')
      .map((i) => i.args)
      .join(' ');
    const port = /\bPORT=(\d+)/.exec(env)?.[1];
    const metricsPort = /\bMETRICS_PORT=(\d+)/.exec(env)?.[1];
    const exposed = runtime
      .filter((i) => i.keyword === 'EXPOSE')
      .flatMap((i) => i.args.split(/\s+/))
      .map((p) => p.replace(/\/tcp$/, ''));
    expect(exposed).toEqual(expect.arrayContaining([port, metricsPort]));
  });

  it('installs from the manifest of every workspace before copying the sources', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const dirs = workspaces.flatMap((glob) => {
      const parent = glob.replace(/\/\*$/, '');
      return spawnSync('ls', [parent], { cwd: root, encoding: 'utf8' })
        .stdout.split('\n')
        .filter((name) => name !== '' && existsSync(join(root, parent, name, 'package.json')))
        .map((name) => `${parent}/${name}`);
    });
    const deps = parseDockerfile(dockerfile).stages[0]!.instructions;
    for (const dir of dirs)
      expect(deps.some((i) => i.keyword === 'COPY' && i.args.startsWith(`${dir}/package.json `))).toBe(true);
  });

  it('catches what its rules are for', () => {
    const good = dockerfileProblems(dockerfile, startCommand);
    expect(good).toEqual([]);
    const problems = (edit: (text: string) => string) => dockerfileProblems(edit(dockerfile), startCommand);
    expect(problems((t) => t.replace(/node:24[^\s]*/, 'node:latest'))).toEqual([
      'stage deps: base image node:latest has no pinned tag',
      'stage runtime: base image node:latest has no pinned tag',
    ]);
    expect(problems((t) => t.replace('USER node', 'USER root'))).toEqual([
      'the runtime stage must switch to a non-root USER before CMD',
    ]);
    expect(problems((t) => t.replace(/^HEALTHCHECK[\s\S]*?\n(?=\S)/m, ''))).toEqual([
      'the runtime stage needs a HEALTHCHECK on /health/live',
    ]);
    expect(problems((t) => t.replace('npm ci --omit=dev', 'npm ci'))).toContain(
      'no stage installs production dependencies only (npm ci --omit=dev)',
    );
    const modulesRule =
      'the runtime stage must take /app (every node_modules) from the production-only stage';
    expect(
      problems((t) =>
        t.replace('--from=prod-deps /app ./', '--from=prod-deps /app/node_modules node_modules'),
      ),
    ).toEqual([modulesRule]);
    expect(problems((t) => t.replace('--from=prod-deps /app ./', '--from=deps /app ./'))).toEqual([
      modulesRule,
    ]);
    expect(problems((t) => t.replace('"apps/api/src/main.ts"', '"apps/api/src/app.ts"'))).toEqual([
      `CMD must be the tests' start command in exec form: ${JSON.stringify(startCommand)}`,
    ]);
  });

  it('keeps secrets, local data and installed modules out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.env', '**/node_modules', '.git', 'data']) expect(ignored).toContain(entry);
  });
});

describe('runbook (docs/operations.md)', () => {
  const runbook = read('docs/operations.md');

  it('documents every variable the server reads', () => {
    const missing = serverVariables(root).filter((name) => !runbook.includes(`\`${name}\``));
    expect(
      missing,
      'a new variable: add it to docs/operations.md (Configure), compose.yaml and .env.example',
    ).toEqual([]);
  });

  it('says what to do for every alert rule', () => {
    const alerts = [...read('deploy/prometheus/alerts.yml').matchAll(/^\s*- alert: (\w+)/gm)].map(
      (m) => m[1]!,
    );
    expect(alerts.length).toBeGreaterThan(5);
    const missing = alerts.filter((name) => !new RegExp(`^\\| \`${name}\` \\|`, 'm').test(runbook));
    expect(missing, 'a new alert rule: add a row to the Alerts table of docs/operations.md').toEqual([]);
  });
});

// Docker Compose v1 (Debian's docker-compose 1.29) is Python with PyYAML, so python3 turns its output into JSON.
const composeInstalled = spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0;
// In CI (REQUIRE_SERVICES=1) a missing docker-compose is a failure, not a skipped suite.
if (!composeInstalled && process.env.REQUIRE_SERVICES === '1')
  throw new Error('REQUIRE_SERVICES=1 but docker-compose is not installed (.ci/run installs it)');

interface ComposeService {
  image?: string;
  build?: { context: string };
  command?: string[];
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
}

describe.skipIf(!composeInstalled)('compose.yaml (docker-compose config)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aposta-compose-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const envExample = read('.env.example');
  /** `docker-compose config` with this env file, in a clean environment (no variable of the test's shell). */
  const composeConfig = (envFile: string, ...extra: string[]) =>
    spawnSync(
      'docker-compose',
      ['--env-file', envFile, '-f', join(root, 'compose.yaml'), 'config', ...extra],
      {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: dir },
      },
    );
  const required = [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)];

  it('refuses to start from the example alone: it holds no secret, every required value is empty', () => {
    expect(required.map((m) => m[1])).toContain('POSTGRES_PASSWORD');
    for (const [, name, value] of required) expect({ name, value }).toEqual({ name, value: '' });
    const run = composeConfig(join(root, '.env.example'), '-q');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/set (POSTGRES_PASSWORD|PUBLIC_URL|SLOTS_|TLS_CERTS_DIR)/);
  });

  const filled = join(dir, '.env');
  const sample = (name: string) =>
    name === 'PUBLIC_URL'
      ? 'https://aposta.example'
      : name === 'TLS_CERTS_DIR'
        ? dir
        : `test-${name.toLowerCase()}`;
  writeFileSync(filled, required.map(([, name]) => `${name}=${sample(name!)}`).join('\n'));

  let cached: { services: Record<string, ComposeService> } | undefined;
  const parsed = () => {
    if (cached) return cached;
    const run = composeConfig(filled);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const json = spawnSync(
      'python3',
      ['-c', 'import sys, json, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'],
      {
        input: run.stdout,
        encoding: 'utf8',
      },
    );
    expect(json.status).toBe(0);
    cached = JSON.parse(json.stdout) as { services: Record<string, ComposeService> };
    return cached;
  };

  it('parses, with two app nodes built from the Dockerfile, started as the tests start them, checked by health', () => {
    const { services } = parsed();
    expect(Object.keys(services).sort()).toEqual([
      'api1',
      'api2',
      'haproxy',
      'migrate',
      'postgres',
      'prometheus',
      'redis',
    ]);
    const nodes = Object.entries(services).filter(
      ([, s]) => s.build?.context === root && s.command?.[0] === 'node',
    );
    expect(nodes.map(([name]) => name)).toEqual(['api1', 'api2']);
    for (const [, node] of nodes) {
      expect(node.command).toEqual(startCommand);
      expect(node.healthcheck?.test.join(' ')).toContain('/health/live');
      expect(node.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
      expect(node.environment).toMatchObject({
        NODE_ENV: 'production',
        WORKERS: '1',
        TRUST_PROXY: '1',
        MIGRATE_ON_START: '0',
      });
      expect(node.environment?.REDIS_URL).toMatch(/^redis:\/\/redis:/);
      expect(node.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
    }
    expect(services.migrate!.command).toEqual(['npm', 'run', 'migrate']);
    expect(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.migrate,
    ).toBeDefined();
    expect(services.migrate!.build?.context).toBe(root);
  });

  it('runs PostgreSQL 15, Redis 7, HAProxy on deploy/haproxy and Prometheus on deploy/prometheus', () => {
    const { services } = parsed();
    expect(services.postgres!.image).toMatch(/^postgres:15\b/);
    expect(services.redis!.image).toMatch(/^redis:7\b/);
    const mounts = (name: string) => (services[name]!.volumes ?? []).map((v) => v.split(':')[0]!);
    expect(mounts('haproxy')).toContain(join(root, 'deploy/haproxy/haproxy.cfg'));
    expect(mounts('prometheus')).toEqual(
      expect.arrayContaining([
        join(root, 'deploy/prometheus/prometheus.yml'),
        join(root, 'deploy/prometheus/alerts.yml'),
      ]),
    );
    for (const file of [
      'deploy/haproxy/haproxy.cfg',
      'deploy/prometheus/prometheus.yml',
      'deploy/prometheus/alerts.yml',
    ])
      expect(existsSync(join(root, file))).toBe(true);
    // Prometheus scrapes this file's nodes on their metrics port.
    const metricsPort = services.api1!.environment?.METRICS_PORT;
    const targets = /job_name: aposta[\s\S]*?targets: \[([^\]]*)\]/.exec(
      read('deploy/prometheus/prometheus.yml'),
    )?.[1];
    expect(targets?.split(',').map((t) => t.trim().replace(/'/g, ''))).toEqual([
      `api1:${metricsPort}`,
      `api2:${metricsPort}`,
    ]);
    // The balancer's backends are this file's nodes, on their port.
    const haproxy = read('deploy/haproxy/haproxy.cfg');
    const backends = [...haproxy.matchAll(/^\s*server\s+\S+\s+([\w-]+):(\d+)/gm)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
    expect(backends).toEqual(['api1:3000', 'api2:3000']);
  });

  it('passes every variable the server reads to the nodes, and the example names each', () => {
    const { services } = parsed();
    const passed = Object.keys(services.api1!.environment ?? {});
    // Not for a container: the embedded database's paths, and test-only switches production refuses.
    const notForContainers = [
      'CAPTCHA_BYPASS',
      'DATA_DIR',
      'PGLITE_TEMPLATE_DIR',
      'SPORTSBOOK_SIM_KICKOFF_NOW',
      'WEB_DIST_DIR',
    ];
    const variables = serverVariables(root).filter((name) => !notForContainers.includes(name));
    expect(variables.length).toBeGreaterThan(90);
    const notPassed = variables.filter((name) => !passed.includes(name));
    expect(notPassed, 'list each under x-api-environment in compose.yaml').toEqual([]);
    const fixed = Object.entries(services.api1!.environment ?? {})
      .filter(([, value]) => value !== null)
      .map(([name]) => name);
    const named = (name: string) => new RegExp(`^#? ?${name}=`, 'm').test(envExample);
    const notNamed = variables.filter((name) => !fixed.includes(name) && !named(name));
    expect(notNamed, 'name each in .env.example (commented out, with its default)').toEqual([]);
  });
});
