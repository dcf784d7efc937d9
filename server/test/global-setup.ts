/**
 * Runs once before the server tests: finds or starts PostgreSQL (scripts/ensure-postgres.ts)
 * and hands its admin URL to every test file. No URL means the PostgreSQL runs are skipped,
 * loudly (the reason is printed here and each skipped suite says so).
 */
import type { TestProject } from 'vitest/node';
import { ensurePostgres } from '../../scripts/ensure-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const url = await ensurePostgres();
  if (!url) console.error('[server tests] PostgreSQL unavailable: the PostgreSQL runs will be skipped');
  project.provide('postgresAdminUrl', url ?? null);
}
