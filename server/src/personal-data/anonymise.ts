/**
 * Anonymisation (docs/security.md "Data protection"): an insured person's names, address,
 * phones, e-mail and NIR are cleared and their birth date reduced to January 1st of its year;
 * amounts, dates of the contract and every identifier stay, so statements still add up and
 * counts still match. When the person is their policy's holder (the policy carries their name),
 * the policy's holder fields and the name on its commission lines, events and disputes go too. Each
 * statement only touches rows not anonymised yet, so running it twice changes nothing more.
 */
import type { Queryable } from '../db/types.ts';

/** The name an anonymised person is shown under: no one's, and still telling rows apart. */
const ANONYMOUS = `'Anonyme ' || pa.id_assure`;

const CLEAR_CONTACT = `adresse1 = null, adresse2 = null, cp = null, ville = null,
  tel1 = null, tel2 = null, email = null`;

/** When the person's contract data may go: the later of their own and their policy's end, plus the period. */
export const RETAINED_UNTIL_SQL = `(coalesce(pa.date_resil, p.date_resil) + make_interval(years => $2::int))::date`;

export interface RetentionState {
  readonly anonymisedAt: string | null;
  /** The day from which their data may go; null while the contract runs. */
  readonly retainedUntil: string | null;
}

/** Null when no such insured person exists (the caller checked scope before). */
export async function retentionOf(
  db: Queryable,
  idAssure: number,
  contractYears: number,
): Promise<RetentionState | null> {
  const [row] = await db.query<{ anonymised_at: Date | string | null; until: string | null }>(
    `SELECT pa.anonymised_at, to_char(${RETAINED_UNTIL_SQL}, 'YYYY-MM-DD') AS until
       FROM police_assure pa LEFT JOIN police p ON p.id_police = pa.id_police
      WHERE pa.id_assure = $1`,
    [idAssure, contractYears],
  );
  if (!row) return null;
  return {
    anonymisedAt: row.anonymised_at === null ? null : new Date(row.anonymised_at).toISOString(),
    retainedUntil: row.until,
  };
}

/**
 * Anonymises one insured person (and their policy's holder fields when they hold it) in one
 * statement per table, inside the caller's transaction. Returns whether anything changed.
 */
export async function anonymiseInsured(db: Queryable, idAssure: number, now: Date): Promise<boolean> {
  const [person] = await db.query<{ id_police: number; nomprenom: string | null }>(
    `UPDATE police_assure pa SET nomprenom = ${ANONYMOUS}, nom = 'Anonyme', prenom = null, ${CLEAR_CONTACT},
            numero_secu = null, mois_naissance = null,
            date_naissance = date_trunc('year', pa.date_naissance)::date, anonymised_at = $2
       FROM (SELECT id_assure, nomprenom FROM police_assure WHERE id_assure = $1 FOR UPDATE) old
      WHERE pa.id_assure = old.id_assure AND pa.anonymised_at IS NULL
      RETURNING pa.id_police, old.nomprenom`,
    [idAssure, now.toISOString()],
  );
  if (!person) return false;
  const name = person.nomprenom;
  if (name === null) return true;
  await db.query(
    `UPDATE police SET nomprenom = 'Anonyme ' || id_police, nom = 'Anonyme', prenom = null, ${CLEAR_CONTACT},
            anonymised_at = $3
      WHERE id_police = $1 AND nomprenom = $2 AND anonymised_at IS NULL`,
    [person.id_police, name, now.toISOString()],
  );
  // Lines and events name the holder; an insured person who is not the holder is named on none.
  await db.query(
    `UPDATE commission_mouvement SET nomprenom = 'Anonyme ' || id_police, ville = null
      WHERE id_police = $1 AND nomprenom = $2`,
    [person.id_police, name],
  );
  await db.query(
    `UPDATE timeline_event SET nomprenom = 'Anonyme ' || id_police WHERE id_police = $1 AND nomprenom = $2`,
    [person.id_police, name],
  );
  // A dispute copies the name of the line or policy it was opened on; its thread's free text
  // stays (it is the broker's and insurer's correspondence, not a field of the person).
  await db.query(
    `UPDATE dispute SET nomprenom = 'Anonyme ' || id_police WHERE id_police = $1 AND nomprenom = $2`,
    [person.id_police, name],
  );
  return true;
}

/**
 * The insured persons whose retention ended before `now` and who are not anonymised yet, at
 * most `limit` (the job takes them batch by batch).
 */
export async function pastRetention(
  db: Queryable,
  now: Date,
  contractYears: number,
  limit: number,
): Promise<number[]> {
  const rows = await db.query<{ id_assure: number }>(
    `SELECT pa.id_assure FROM police_assure pa LEFT JOIN police p ON p.id_police = pa.id_police
      WHERE pa.anonymised_at IS NULL AND ${RETAINED_UNTIL_SQL} <= $1::date
      ORDER BY pa.id_assure LIMIT ${Math.trunc(limit)}`,
    [now.toISOString().slice(0, 10), contractYears],
  );
  return rows.map((row) => Number(row.id_assure));
}
