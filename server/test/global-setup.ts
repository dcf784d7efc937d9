/**
 * Runs once before the server tests: finds or starts PostgreSQL (scripts/ensure-postgres.ts)
 * and hands its admin URL to every test file, and prepares a migrated PGlite template. No URL
 * means the PostgreSQL runs are skipped, loudly (the reason is printed here and each skipped
 * suite says so).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensurePostgres } from '../../scripts/ensure-postgres.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string | null;
    /** A migrated PGlite data folder (tar) that test databases start from instead of running initdb. */
    pgliteTemplate: string | null;
  }
}

/**
 * PGlite's initdb is most of the cost of opening a fresh database, and suites open many:
 * doing it once here and loading the dump is several times faster.
 */
async function pgliteTemplate(): Promise<{ file: string; dispose: () => void } | undefined> {
  try {
    const db = await openPglite('memory://');
    await migrate(db);
    const dump = await db.dump();
    await db.close();
    const dir = mkdtempSync(join(tmpdir(), 'extranet-pglite-template-'));
    const file = join(dir, 'template.tar');
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    return { file, dispose: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    console.error('[server tests] no PGlite template; each test database runs initdb:', error);
    return undefined;
  }
}

/** `TEST_DATABASES=pglite` (set by `npm run test:fast`): PGlite only, PostgreSQL is not even looked for. */
const pgliteOnly = () => process.env.TEST_DATABASES === 'pglite';

export default async function setup(project: TestProject) {
  const [url, template] = await Promise.all([pgliteOnly() ? undefined : ensurePostgres(), pgliteTemplate()]);
  if (pgliteOnly()) console.error('[server tests] TEST_DATABASES=pglite: the PostgreSQL runs are skipped');
  else if (!url) console.error('[server tests] PostgreSQL unavailable: the PostgreSQL runs will be skipped');
  project.provide('postgresAdminUrl', url ?? null);
  project.provide('pgliteTemplate', template?.file ?? null);
  return () => template?.dispose();
}
