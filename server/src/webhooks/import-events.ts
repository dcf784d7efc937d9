/**
 * The webhook events an import causes, emitted in its transaction (emit.ts): each new statement
 * (`statement.created`), each new IMP, MED or CTX timeline event (`policy.event`) and each anomaly
 * the reconciliation refresh found that was not there before (`anomaly.found`). Payloads carry
 * identifiers and codes only; the receiver reads the rest through the API with a token. Nothing is
 * read when no enabled endpoint chose the type.
 */
import { WEBHOOK_POLICY_EVENTS, type WebhookEventType } from '@extranet/core/domain/webhook.ts';
import type { Queryable } from '../db/types.ts';
import { emitWebhookEvents, subscribedTypes, type WebhookEvent } from './emit.ts';

type Row = Readonly<Record<string, unknown>>;

const IMPORT_TYPES: readonly WebhookEventType[] = ['statement.created', 'policy.event', 'anomaly.found'];

/** What an anomaly is, whatever its row id (the table is rebuilt by each import). */
const ANOMALY_KEY = `concat_ws('|', regle, id_police, id_mouvement, type_mouvement, periode)`;

export interface ImportWatch {
  readonly types: ReadonlySet<WebhookEventType>;
  /** The anomalies before the import, when `anomaly.found` is chosen and the import is reconciled. */
  readonly anomaliesBefore: ReadonlySet<string> | null;
}

/** Read before the import writes: which types to emit, and the anomalies already known. */
export async function watchImport(tx: Queryable, reconciled: boolean): Promise<ImportWatch> {
  const types = await subscribedTypes(tx, IMPORT_TYPES);
  const anomaliesBefore =
    reconciled && types.has('anomaly.found')
      ? new Set((await tx.query<{ k: string }>(`select ${ANOMALY_KEY} as k from anomaly`)).map((r) => r.k))
      : null;
  return { types, anomaliesBefore };
}

const text = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value);
const scopeOf = (row: Row, code: string, grossiste: string) => ({
  codeCourtierPortail: text(row[code]),
  codeCourtierGrossistePortail: text(row[grossiste]),
});

export interface ImportFacts {
  /** The statements the import inserted (snake_case rows), for a `commissions` file. */
  readonly statements: readonly Row[];
  /** The timeline events it added (camelCase rows, timelineFromImport.ts). */
  readonly timeline: readonly Row[];
}

/** Emits the import's events after its rows and the anomaly refresh are written; returns the deliveries made. */
export async function emitImportEvents(
  tx: Queryable,
  watch: ImportWatch,
  facts: ImportFacts,
): Promise<number> {
  if (watch.types.size === 0) return 0;
  const events: WebhookEvent[] = [];
  if (watch.types.has('statement.created'))
    for (const row of facts.statements)
      events.push({
        type: 'statement.created',
        scope: scopeOf(row, 'code_courtier_portail', 'code_courtier_grossiste_portail'),
        payload: {
          idBordereau: Number(row.id_bordereau),
          mois: text(row.mois),
          typeBordereau: text(row.type_bordereau),
          codeCourtierPortail: text(row.code_courtier_portail),
        },
      });
  if (watch.types.has('policy.event'))
    for (const row of facts.timeline)
      if ((WEBHOOK_POLICY_EVENTS as readonly unknown[]).includes(row.typeMessage))
        events.push({
          type: 'policy.event',
          scope: scopeOf(row, 'codeCourtierPortail', 'codeCourtierGrossistePortail'),
          payload: {
            typeMessage: row.typeMessage,
            idPolice: Number(row.idPolice),
            police: text(row.police),
            time: text(row.time),
            codeCourtierPortail: text(row.codeCourtierPortail),
          },
        });
  if (watch.anomaliesBefore) {
    const rows = await tx.query<Row & { k: string }>(
      `select ${ANOMALY_KEY} as k, regle, id_police, police, id_bordereau, id_mouvement, mois, type_mouvement, periode,
              code_courtier_portail, code_courtier_grossiste_portail
         from anomaly order by id`,
    );
    for (const row of rows)
      if (!watch.anomaliesBefore.has(row.k))
        events.push({
          type: 'anomaly.found',
          scope: scopeOf(row, 'code_courtier_portail', 'code_courtier_grossiste_portail'),
          payload: {
            regle: row.regle,
            idPolice: Number(row.id_police),
            police: text(row.police),
            idBordereau: row.id_bordereau === null ? null : Number(row.id_bordereau),
            idMouvement: row.id_mouvement === null ? null : Number(row.id_mouvement),
            mois: text(row.mois),
            typeMouvement: text(row.type_mouvement),
            periode: text(row.periode),
            codeCourtierPortail: text(row.code_courtier_portail),
          },
        });
  }
  return emitWebhookEvents(tx, events);
}
