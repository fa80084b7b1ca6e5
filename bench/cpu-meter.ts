import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/connection.ts';

/**
 * Where a bench's CPU goes: this process (the in-process server), and the PostgreSQL backends serving one
 * database, read from /proc (the bench runs PostgreSQL on the same machine). Off Linux, or when the backends'
 * /proc entries cannot be read, the backends' share is undefined and the bench says so.
 */
export interface CpuWindow {
  /** Milliseconds of CPU since `startCpuWindow`: the server's, and the database's backends'. */
  stop(): Promise<{ serverMs: number; postgresMs: number | undefined }>;
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

/** utime + stime of a process, in ms; undefined when it is gone or unreadable. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return undefined;
  }
}

async function backendsCpu(db: Db): Promise<Map<number, number> | undefined> {
  if (process.platform !== 'linux') return undefined;
  const result = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  const cpu = new Map<number, number>();
  for (const { pid } of result.rows) {
    const ms = processCpuMs(pid);
    if (ms === undefined) return undefined;
    cpu.set(pid, ms);
  }
  return cpu;
}

export async function startCpuWindow(db: Db): Promise<CpuWindow> {
  const before = await backendsCpu(db);
  const server = process.cpuUsage();
  return {
    async stop() {
      const spent = process.cpuUsage(server);
      let postgresMs: number | undefined;
      if (before) {
        postgresMs = 0;
        // A backend that left during the window is not counted: the pool keeps its connections for the run.
        for (const [pid, startMs] of before) postgresMs += (processCpuMs(pid) ?? startMs) - startMs;
      }
      return { serverMs: (spent.user + spent.system) / 1000, postgresMs };
    },
  };
}

export interface CpuPerBet {
  serverMs: number;
  postgresMs: number | undefined;
  loadMs: number;
}

/** The window's CPU (the server's, the backends', the load generator's) divided by the bets accepted in it. */
export function perBet(
  spent: { serverMs: number; postgresMs: number | undefined },
  load: { accepted: number; cpuMs: number },
): CpuPerBet {
  const per = (ms: number) => ms / Math.max(1, load.accepted);
  return {
    serverMs: per(spent.serverMs),
    postgresMs: spent.postgresMs === undefined ? undefined : per(spent.postgresMs),
    loadMs: per(load.cpuMs),
  };
}

export function describeCpu(cpu: CpuPerBet): string {
  const postgres = cpu.postgresMs === undefined ? 'not measured' : `${cpu.postgresMs.toFixed(2)} ms`;
  return `PostgreSQL ${postgres}, server ${cpu.serverMs.toFixed(2)} ms, load generator ${cpu.loadMs.toFixed(2)} ms`;
}
