/**
 * `npm run import -- --kind police|assures|commissions|recap|mouvements|pdf <file>…`
 * Imports back-office files (CSV with `;` or JSON, UTF-8; PDFs named <idBordereau>.pdf) into the
 * configured database, one transaction per file. Exit 0 when every file was imported, 1 when a
 * file was rejected (its problems are printed, nothing of it was written), 2 on a usage error.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { IMPORT_KINDS, type ImportKind, ImportRejected, importFile } from '../data/import/index.ts';
import { migrate } from '../db/migrate.ts';
import { openCommandDb } from './open-db.ts';

const usage = `usage: npm run import -- --kind <${IMPORT_KINDS.join('|')}> <file>…`;

const main = async (): Promise<number> => {
  let parsed: ReturnType<
    typeof parseArgs<{
      options: { kind: { type: 'string' }; help: { type: 'boolean' } };
      allowPositionals: true;
    }>
  >;
  try {
    parsed = parseArgs({
      options: { kind: { type: 'string' }, help: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const kind = values.kind as ImportKind | undefined;
  if (!kind || !IMPORT_KINDS.includes(kind) || positionals.length === 0) {
    console.error(usage);
    return 2;
  }
  // A locked embedded folder (a server runs on it) stops here, before anything is written.
  const db = await openCommandDb(loadConfig(), 'npm run import');
  let failed = false;
  try {
    await migrate(db);
    for (const file of positionals) {
      try {
        const r = await importFile(db, kind, file, await readFile(file), {
          onProgress: ({ written, total }) => console.log(`${file}: ${written} of ${total} rows written`),
        });
        console.log(
          `${file}: ${r.rows} rows, ${r.inserted} inserted, ${r.updated} updated, ${r.unchanged} unchanged, ${r.events} timeline events`,
        );
      } catch (error) {
        failed = true;
        if (error instanceof ImportRejected) console.error(error.message);
        else console.error(`${file}: ${(error as Error).message}`);
      }
    }
  } finally {
    await db.close();
  }
  return failed ? 1 : 0;
};

process.exitCode = await main();
