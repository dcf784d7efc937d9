/**
 * Settlement: an accepted dispute is settled when a statement line imported after its acceptance
 * carries its correction (the policy's line of exactly that amount; for a dispute on a whole
 * statement, a line of that amount for the same broker). Runs in the transaction of the import
 * that lands (data/import/importFile.ts), so a rejected import settles nothing; the step is
 * written to the thread, audited and mailed to the broker like any other.
 */
import { writeAuditEvent } from '../audit/events.ts';
import type { Queryable } from '../db/types.ts';
import { queueStepMails } from './mails.ts';

/** The author of a settlement in the thread and the audit trail. */
const SYSTEM = 'system';

/** Settles every accepted dispute a newly imported line carries; returns their ids. */
export async function settleDisputes(tx: Queryable): Promise<number[]> {
  const settled = await tx.query<{
    id: number;
    police: string | null;
    opened_by: string;
    id_bordereau: number;
    id_mouvement: number;
  }>(
    `with found as (
       select distinct on (d.id) d.id, m.id_bordereau, m.id as id_mouvement
       from dispute d
       join commission_mouvement m
         on m.id > coalesce(d.accepted_after_line, 0)
        and m.montant = d.correction
        and (case when d.id_police is not null then m.id_police = d.id_police
                  else m.code_courtier_portail = d.code_courtier_portail end)
       where d.status = 'ACCEPTED'
       order by d.id, m.id
     )
     update dispute d set status = 'SETTLED', settled_by_bordereau = f.id_bordereau,
       settled_by_mouvement = f.id_mouvement, last_modified_date = now()
     from found f where d.id = f.id
     returning d.id, d.police, d.opened_by, f.id_bordereau, f.id_mouvement`,
  );
  for (const d of settled) {
    await tx.query(
      `insert into dispute_entry (dispute_id, kind, author, by_insurer, message) values ($1, 'SETTLED', $2, true, '')`,
      [d.id, SYSTEM],
    );
    await writeAuditEvent(tx, SYSTEM, 'DISPUTE_SETTLED', {
      dispute: String(d.id),
      idBordereau: String(d.id_bordereau),
      idMouvement: String(d.id_mouvement),
    });
    await queueStepMails(tx, {
      id: Number(d.id),
      police: d.police,
      openedBy: d.opened_by,
      kind: 'SETTLED',
      message: '',
      byBroker: false,
    });
  }
  return settled.map((d) => Number(d.id));
}
