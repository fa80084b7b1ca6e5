import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The alert rules and the Prometheus configuration in deploy/prometheus (issue 31), checked by Prometheus's own
 * promtool: the syntax and the expressions, and the money alerts firing on the figures they are meant for.
 */
const dir = join(import.meta.dirname, '..', 'deploy', 'prometheus');
const PROMTOOL = process.env.PROMTOOL ?? '/usr/bin/promtool';
const present = existsSync(PROMTOOL);
if (!present && process.env.REQUIRE_SERVICES === '1')
  throw new Error(`REQUIRE_SERVICES=1 but promtool is missing at ${PROMTOOL} (apt-get install prometheus)`);

const promtool = (...args: string[]) => {
  const run = spawnSync(PROMTOOL, args, { cwd: dir, encoding: 'utf8' });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
};

describe.skipIf(!present)('deploy/prometheus, checked by promtool', () => {
  it('the alert rules parse and name every alert of the runbook', () => {
    const checked = promtool('check', 'rules', 'alerts.yml');
    expect(checked.output).toContain('SUCCESS');
    expect(checked.code, checked.output).toBe(0);
  });

  it('the configuration parses and loads the rules', () => {
    const checked = promtool('check', 'config', 'prometheus.yml');
    expect(checked.code, checked.output).toBe(0);
  });

  it('the money alerts fire on their figures and stay quiet otherwise (promtool test rules)', () => {
    const tested = promtool('test', 'rules', 'alerts.test.yml');
    expect(tested.code, tested.output).toBe(0);
  });
});
