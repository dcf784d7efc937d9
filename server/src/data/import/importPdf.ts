import type { Db } from '../../db/types.ts';
import type { ImportReport } from './importFile.ts';
import { ImportRejected } from './problems.ts';

/**
 * Imports a statement PDF named after its statement (`1202403.pdf` or `bordereau-1202403.pdf`):
 * checks it is a whole PDF and that the statement exists, stores the bytes and names the file on
 * the statement. The same file again changes nothing.
 */
export const importPdfFile = async (db: Db, file: string, bytes: Uint8Array): Promise<ImportReport> => {
  const base = file.split(/[\\/]/).pop()!;
  const id = /^(?:bordereau-)?(\d{1,18})\.pdf$/i.exec(base)?.[1];
  const reject = (reason: string): never => {
    throw new ImportRejected(file, [{ line: null, field: 'fichierBordereau', reason }]);
  };
  if (!id) reject('the file name must be <idBordereau>.pdf or bordereau-<idBordereau>.pdf');
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
  if (head !== '%PDF-') reject('not a PDF file');
  if (!tail.includes('%%EOF')) reject('truncated PDF: no end-of-file marker');
  return db.transaction(async (tx) => {
    const [statement] = await tx.query<{ fichier_bordereau: string | null }>(
      'select fichier_bordereau from commission where id_bordereau = $1::bigint',
      [id],
    );
    if (!statement) reject(`unknown idBordereau ${id} (not in commission)`);
    const [stored] = await tx.query<{ content: Uint8Array }>(
      'select content from commission_pdf where id_bordereau = $1::bigint',
      [id],
    );
    const same = stored && Buffer.compare(Buffer.from(stored.content), Buffer.from(bytes)) === 0;
    if (!same)
      await tx.query(
        `insert into commission_pdf (id_bordereau, content) values ($1::bigint, $2)
           on conflict (id_bordereau) do update set content = excluded.content`,
        [id, bytes],
      );
    const named = statement!.fichier_bordereau === base;
    if (!named)
      await tx.query('update commission set fichier_bordereau = $2 where id_bordereau = $1::bigint', [
        id,
        base,
      ]);
    const changed = !same || !named;
    return {
      kind: 'pdf',
      file,
      rows: 1,
      inserted: !stored ? 1 : 0,
      updated: stored && changed ? 1 : 0,
      unchanged: changed ? 0 : 1,
      events: 0,
    };
  });
};
