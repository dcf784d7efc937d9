/**
 * The baseline: pgbench replaying captured statements as one transaction per request, with the
 * same bind parameters (`$n` becomes a pgbench variable set with -D, sent as an untyped
 * parameter, as node-postgres does). Latencies come from pgbench's per-transaction log.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CapturedStatement } from './capture.ts';
import { percentile } from './report.ts';

export interface PgbenchResult {
  readonly mode: string;
  readonly tps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly transactions: number;
}

export interface PgbenchOptions {
  readonly databaseUrl: string;
  readonly statements: readonly CapturedStatement[];
  readonly clients: number;
  readonly seconds: number;
  /** extended: parse/bind/execute each time, like node-postgres; prepared: plans cached per connection. */
  readonly mode: 'extended' | 'prepared';
}

/** The pgbench script and its -D definitions. */
export function pgbenchScript(statements: readonly CapturedStatement[]): {
  script: string;
  defines: string[];
} {
  const defines: string[] = [];
  const lines = statements.map((statement, s) => {
    // pgbench refuses an empty -D value: an empty string or a NULL is written in the SQL instead.
    const literal = (value: unknown) => (value === null ? 'NULL' : value === '' ? "''" : undefined);
    statement.params.forEach((value, i) => {
      // node-postgres sends a Date as its ISO text; String(date) is no timestamp PostgreSQL reads.
      const text = value instanceof Date ? value.toISOString() : String(value);
      if (literal(value) === undefined) defines.push('-D', `p${s}_${i + 1}=${text}`);
    });
    const sql = statement.sql
      .replace(/\$(\d+)/g, (_, n: string) => literal(statement.params[Number(n) - 1]) ?? `:p${s}_${n}`)
      .replace(/\s+/g, ' ');
    return `${sql};`;
  });
  return { script: `${lines.join('\n')}\n`, defines };
}

export async function runPgbench(options: PgbenchOptions): Promise<PgbenchResult> {
  const url = new URL(options.databaseUrl);
  const dir = mkdtempSync(join(tmpdir(), 'bench-pgbench-'));
  const { script, defines } = pgbenchScript(options.statements);
  writeFileSync(join(dir, 'script.sql'), script);
  const args = [
    '-n',
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
    '-c',
    String(options.clients),
    '-j',
    '2',
    '-T',
    String(options.seconds),
    '-M',
    options.mode,
    '-f',
    join(dir, 'script.sql'),
    '-l',
    '--log-prefix',
    join(dir, 'tx'),
    ...defines,
    url.pathname.slice(1),
  ];
  const output = await new Promise<string>((resolvePromise, reject) => {
    const child = spawn('pgbench', args, {
      env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
    });
    let text = '';
    child.stdout.on('data', (c: Buffer) => {
      text += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      text += c.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise(text) : reject(new Error(`pgbench exited ${code}:\n${text}`)),
    );
  });
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? Number.NaN);
  const latencies: number[] = [];
  for (const file of readdirSync(dir).filter((f) => f.startsWith('tx'))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const fields = line.split(' ');
      if (fields.length >= 6) latencies.push(Number(fields[2]) / 1000);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    mode: options.mode,
    tps,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    transactions: latencies.length,
  };
}

/** Statements that read the user behind the token: every request's, not the screen's data. */
const isAccountLookup = (sql: string): boolean => /\bfrom users\b/i.test(sql);

/**
 * A list's statement with the session check it carries as its last joined part
 * (server/src/auth/session-fold.ts) left out, and the check's parameters with it.
 */
function withoutSessionCheck(statement: CapturedStatement): CapturedStatement {
  if (!/\bsession_check\b/.test(statement.sql)) return statement;
  const sql = statement.sql.slice(0, statement.sql.lastIndexOf(' cross join ('));
  const used = Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  return { sql, params: statement.params.slice(0, used) };
}

/**
 * The limit for a list screen: its data (count, page, kept scope count…) in one statement and
 * one round trip, without the per-request account lookup. Each statement becomes a scalar
 * subquery: a one-row answer (a count and its figures) as row_to_json, a page as json_agg.
 */
export function limitStatement(statements: readonly CapturedStatement[]): CapturedStatement {
  const params: unknown[] = [];
  const parts = statements
    .map(withoutSessionCheck)
    .filter((s) => !isAccountLookup(s.sql))
    .map((s, i) => {
      const offset = params.length;
      params.push(...s.params);
      const sql = s.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
      return /\border by\b/i.test(sql)
        ? `(select json_agg(p) from (${sql}) p) as s${i}`
        : `(select row_to_json(c) from (${sql}) c) as s${i}`;
    });
  return { sql: `select ${parts.join(', ')}`, params };
}
