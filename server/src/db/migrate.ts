/**
 * Versioned plain-SQL migrations: `server/migrations/NNNN_name.sql`, applied in number order,
 * each in its own transaction together with its row in `schema_migrations`, so a failed file
 * leaves nothing half-applied. An advisory lock keeps two servers starting at once from
 * applying the same file twice.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ROOT } from '../config.ts';
import type { Db } from './types.ts';

export const MIGRATIONS_DIR = join(SERVER_ROOT, 'migrations');
const LOCK_KEY = 727_274_001; // any constant: the advisory lock id for migrations

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export interface MigrationReport {
  readonly applied: readonly string[];
  readonly skipped: readonly string[];
  /** Files whose text changed after they were applied (reported, not re-run). */
  readonly changed: readonly string[];
}

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`Migration file name must look like 0001_name.sql: ${file}`);
      const sql = readFileSync(join(dir, file), 'utf8');
      return {
        version: Number(match[1]),
        name: file,
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    })
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version === migrations[i - 1]!.version) {
      throw new Error(`Two migrations share version ${migrations[i]!.version}: ${migrations[i]!.name}`);
    }
  }
  return migrations;
}

export async function migrate(
  db: Db,
  migrations: readonly Migration[] = readMigrations(),
): Promise<MigrationReport> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  const skipped: string[] = [];
  const changed: string[] = [];
  for (const migration of migrations) {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const [done] = await tx.query<{ checksum: string }>(
        'SELECT checksum FROM schema_migrations WHERE version = $1',
        [migration.version],
      );
      if (done) {
        skipped.push(migration.name);
        if (done.checksum !== migration.checksum) changed.push(migration.name);
        return;
      }
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      applied.push(migration.name);
    });
  }
  return { applied, skipped, changed };
}
