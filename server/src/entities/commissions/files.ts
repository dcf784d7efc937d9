/**
 * Children of a statement that carry no broker code of their own (recap lines, the PDF). They
 * are read only after the statement itself was found inside the caller's scope.
 */
import { type Db, readerOf } from '../../db/types.ts';

export interface RecapLine {
  readonly id: number;
  readonly idBordereau: number;
  readonly commission: string;
  readonly montant: number;
  readonly ordre: number;
}

export async function recapLines(db: Db, idBordereau: number): Promise<RecapLine[]> {
  const rows = await db.query<{ id: number; commission: string; montant: string; ordre: number }>(
    'select id, commission, montant, ordre from recap_line where id_bordereau = $1 order by ordre, id',
    [idBordereau],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    idBordereau,
    commission: row.commission,
    montant: Number(row.montant),
    ordre: row.ordre,
  }));
}

export async function statementPdf(db: Db, idBordereau: number): Promise<Buffer | null> {
  // PDFs read on the replica when there is one (DATABASE_READ_URL).
  const [row] = await readerOf(db).query<{ content: Uint8Array }>(
    'select content from commission_pdf where id_bordereau = $1',
    [idBordereau],
  );
  if (!row) return null;
  const content = row.content;
  return Buffer.isBuffer(content)
    ? content
    : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

/** `Content-Disposition` with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
export function attachment(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'bordereau.pdf';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
