/**
 * The business lists (docs/api-entities.md): each resource's list, CSV export and detail, and the
 * admin writes of those an administrator edits, are derived from its descriptor here, once, so a
 * new descriptor has its endpoints for free; the child lists, the recap lines and the statement's
 * PDF are declared by hand below.
 *
 * The list engine reads and checks a list's query itself (a filter on any field the caller may
 * see, with its own field errors), so these queries are `handlerQuery`: the schema documents them
 * and core's client encodes with it, the server neither validates nor decodes them.
 */
import { Schema } from 'effect';
import { anomalyDescriptor } from '../descriptors/anomaly.ts';
import { commissionDescriptor } from '../descriptors/commission.ts';
import { type Descriptor, fieldsOf } from '../descriptors/descriptor.ts';
import { mouvementDescriptor } from '../descriptors/mouvement.ts';
import { policeDescriptor } from '../descriptors/police.ts';
import { policeAssureDescriptor } from '../descriptors/policeAssure.ts';
import { inputSchema } from '../descriptors/schema.ts';
import { timelineDescriptor } from '../descriptors/timeline.ts';
import { Anomaly } from '../domain/anomaly.ts';
import { EVENT_TYPES } from '../domain/eventTypes.ts';
import { InsuredPerson } from '../domain/insured.ts';
import { CommissionMovement } from '../domain/movement.ts';
import { Policy } from '../domain/policy.ts';
import { CommissionStatement, RecapLine as RecapLineSchema } from '../domain/statement.ts';
import { TimelineEvent } from '../domain/timeline.ts';
import type { Permission } from '../permissions/table.ts';
import { endpoint, type Success, type SuccessHeader } from './endpoint.ts';

/** The filter operators of the list engine (docs/api-conventions.md); which apply depends on the field's type. */
export const OPERATORS = ['equals', 'in', 'contains', 'startsWith', 'gte', 'gt', 'lte', 'lt'] as const;

/** The largest page a list serves (and the size of the child lists that come whole). */
export const MAX_PAGE_SIZE = 10_000;

/** A value of the query: once, or repeated. */
const Repeatable = Schema.Union(Schema.String, Schema.Array(Schema.String));

/** A query parameter written as text and documented as an integer. */
const integerText = (description: string, minimum: number, maximum?: number) =>
  Schema.String.annotations({
    jsonSchema: { type: 'integer', minimum, ...(maximum === undefined ? {} : { maximum }), description },
  });

/** A route's own query parameters besides the list's. */
type QueryExtra = Readonly<Record<string, Schema.optional<Schema.Schema<string>>>>;

/** The query of a list (or, with `columns`, of its export), from its descriptor. */
const listQuery = (descriptor: Descriptor, extra: QueryExtra): Schema.Schema<EntityQuery> => {
  const sort = descriptor.defaultSort.map((s) => `${s.field},${s.dir}`).join(' then ');
  const searched = fieldsOf(descriptor)
    .filter((field) => field.searchable)
    .map((field) => `\`${field.name}\``)
    .join(', ');
  const filterable = fieldsOf(descriptor)
    .filter((field) => field.filter !== 'none')
    .map((field) => `\`${field.name}\``)
    .join(', ');
  const presets = Object.keys(descriptor.presets ?? {});
  return Schema.Struct(
    {
      page: Schema.optional(integerText('0-based page (default 0)', 0)),
      size: Schema.optional(
        integerText(`page size, 1 to ${MAX_PAGE_SIZE} (default ${descriptor.pageSize})`, 1, MAX_PAGE_SIZE),
      ),
      sort: Schema.optional(
        Schema.Array(Schema.String).annotations({
          description: `\`field,asc\` or \`field,desc\`, repeatable (default ${sort})`,
        }),
      ),
      q: Schema.optional(
        Schema.String.pipe(Schema.maxLength(200)).annotations({
          description: `global search, case-insensitive contains over ${searched}`,
        }),
      ),
      ...(presets.length === 0
        ? {}
        : {
            preset: Schema.optional(
              Schema.Literal(...(presets as [string, ...string[]])).annotations({
                description: 'predefined filter of docs/product.md §4',
              }),
            ),
          }),
      ...extra,
    },
    Schema.Record({
      key: Schema.String.pipe(Schema.pattern(new RegExp(`^[A-Za-z0-9]+\\.(${OPERATORS.join('|')})$`))),
      value: Repeatable.annotations({
        description: `Filters \`<field>.<operator>=<value>\` on any field the caller may see among ${filterable} (operators by field type; \`in\` takes a comma-separated list); repeated filters all apply.`,
      }),
    }),
    // The struct's fields vary with the descriptor (presets) and the route (columns, type): its
    // type is what any list takes, checked by the schema itself when the client encodes.
  ) as unknown as Schema.Schema<EntityQuery>;
};

/** A list's query as the client gives it (all text, as on the wire): the named parameters and the filters beside them. */
export interface EntityQuery {
  readonly page?: string;
  readonly size?: string;
  readonly sort?: readonly string[];
  readonly q?: string;
  readonly preset?: string;
  readonly columns?: string;
  readonly type?: string;
  readonly [filter: string]: string | readonly string[] | undefined;
}

const columns = {
  columns: Schema.optional(
    Schema.String.annotations({
      description: 'comma-separated field names, in the wanted order (default: every visible column)',
    }),
  ),
};

/** The timeline's own parameter: the event types to show. */
const timelineTypes = {
  type: Schema.optional(
    Schema.String.annotations({
      jsonSchema: {
        type: 'array',
        items: { type: 'string', enum: [...EVENT_TYPES] },
        description: 'event type codes, comma-joined or repeated (absent or empty: all)',
      },
    }),
  ),
};

/** A row as the API answers it: fields the caller may not see (column scope) are absent. */
const row = <A, I>(schema: Schema.Schema<A, I>, identifier: string, descriptor: Descriptor) =>
  schema.annotations({
    identifier,
    description: `Row of \`${descriptor.table}\`; key \`${descriptor.key}\`. Fields the caller may not see are absent.`,
  });

/** A key in a path, as text: the list engine checks it against its field (400 when malformed). */
const keyText = (description: string) =>
  Schema.String.annotations({ jsonSchema: { type: 'integer', minimum: 0, description } });

const keyParams = <K extends string>(name: K, description: string) =>
  Schema.Struct({ [name]: keyText(description) } as { [P in K]: ReturnType<typeof keyText> });

const CSV_NOTE = 'UTF-8 with BOM, `;` separator, French numbers and dates.';

interface ListSpec<A, I> {
  readonly name: string;
  readonly group: string;
  readonly base: string;
  readonly descriptor: Descriptor;
  readonly row: Schema.Schema<A, I>;
  readonly access: Permission;
  readonly headers?: readonly SuccessHeader[];
  readonly listDescription?: string;
  readonly extra?: QueryExtra;
}

/** A resource's list, export and detail endpoints, from its descriptor (a new descriptor needs only this call). */
export const entityEndpoints = <A, I>(spec: ListSpec<A, I>) => {
  const { name, group, base, descriptor, access } = spec;
  const lower = group.toLowerCase();
  const rowSchema = row(spec.row, name, descriptor);
  return {
    list: endpoint({
      id: `list${name}`,
      group,
      method: 'GET',
      path: base,
      summary: `List ${lower} in the caller's scope`,
      ...(spec.listDescription ? { description: spec.listDescription } : {}),
      access,
      query: listQuery(descriptor, spec.extra ?? {}),
      handlerQuery: true,
      success: {
        status: 200,
        description: 'one page of rows',
        schema: Schema.Array(rowSchema),
        headers: ['paging', ...(spec.headers ?? [])],
      },
      errors: ['BadRequest'],
    }),
    export: endpoint({
      id: `export${name}`,
      group,
      method: 'GET',
      path: `${base}/export.csv`,
      summary: `Export ${lower} as CSV (streamed; the list's filters and sort)`,
      description: CSV_NOTE,
      access: [access, 'export'],
      query: listQuery(descriptor, columns),
      handlerQuery: true,
      success: {
        status: 200,
        description: 'CSV of every matching row',
        headers: ['attachment'],
        fileName: descriptor.exportName,
        files: ['text/csv; charset=utf-8'],
      },
      errors: ['BadRequest'],
    }),
    get: endpoint({
      id: `get${name}`,
      group,
      method: 'GET',
      path: `${base}/{${descriptor.key}}`,
      summary: `One ${descriptor.entityName} row`,
      description: "A row outside the caller's scope is 404, exactly like an unknown key.",
      access,
      params: keyParams(descriptor.key, `the ${descriptor.entityName} key`),
      success: { status: 200, description: 'the row (detail view)', schema: rowSchema },
      errors: ['BadRequest', 'NotFound'],
    }),
  };
};

/** An admin write's body as the client gives it: the row's wire fields, each absent or null when empty. */
export type EntityInput<I> = { readonly [K in keyof I]?: I[K] | null };

const WRITE_NOTE =
  '`id` must be absent on create. Absent or null fields are stored empty, except columns the caller may not see, which keep their values. The server ignores properties outside this schema.';

/**
 * A resource's admin writes (create, update, update by key, delete), from its descriptor: the
 * body is the descriptor's fields (inputSchema), the answer its row with JHipster's alert.
 */
const entityWrites = <A, I>(spec: ListSpec<A, I>, rowSchema: Schema.Schema<A, I>) => {
  const { name, group, base, descriptor } = spec;
  const entity = descriptor.entityName;
  const body = inputSchema(descriptor).annotations({
    identifier: `${name}Input`,
    description: `Fields of \`${descriptor.table}\`. ${WRITE_NOTE}`,
  }) as unknown as Schema.Schema<EntityInput<I>>;
  const common = { group, access: 'entities.write', body, handlerBody: true } as const;
  const answer = (status: 200 | 201, description: string, action: string): Success<A, I> => ({
    status,
    description,
    schema: rowSchema,
    headers: status === 201 ? ['location', 'alert'] : ['alert'],
    alert: `extranetApp.${entity}.${action}`,
  });
  const params = keyParams(descriptor.key, `the ${entity} key`);
  return {
    create: endpoint({
      ...common,
      id: `create${name}`,
      method: 'POST',
      path: base,
      summary: `Create a ${entity} row`,
      success: answer(201, 'created', 'created'),
      errors: ['BadRequest'],
    }),
    update: endpoint({
      ...common,
      id: `update${name}`,
      method: 'PUT',
      path: base,
      summary: `Update a ${entity} row`,
      description: `The key \`${descriptor.key}\` is read from the body.`,
      success: answer(200, 'updated', 'updated'),
      errors: ['BadRequest', 'NotFound'],
    }),
    updateByKey: endpoint({
      ...common,
      id: `update${name}ByKey`,
      method: 'PUT',
      path: `${base}/{${descriptor.key}}`,
      summary: `Update a ${entity} row by key`,
      description: "The path's key wins over the body's.",
      params,
      success: answer(200, 'updated', 'updated'),
      errors: ['BadRequest', 'NotFound'],
    }),
    delete: endpoint({
      id: `delete${name}`,
      group,
      method: 'DELETE',
      path: `${base}/{${descriptor.key}}`,
      summary: `Delete a ${entity} row`,
      access: 'entities.write',
      params,
      success: {
        status: 200,
        description: 'deleted',
        headers: ['alert'],
        alert: `extranetApp.${entity}.deleted`,
      },
      errors: ['BadRequest', 'NotFound'],
    }),
  };
};

/** A resource an administrator edits: its list, export and detail, and its writes. */
export const writableEndpoints = <A, I>(spec: ListSpec<A, I>) => {
  const reads = entityEndpoints(spec);
  return { ...reads, ...entityWrites(spec, reads.get.success.schema!) };
};

export const policies = writableEndpoints({
  name: 'Police',
  group: 'Policies',
  base: '/api/police',
  descriptor: policeDescriptor,
  row: Policy,
  access: 'portfolio.read',
  headers: ['scope'],
});
const insured = writableEndpoints({
  name: 'PoliceAssure',
  group: 'Insured persons',
  base: '/api/police-assures',
  descriptor: policeAssureDescriptor,
  row: InsuredPerson,
  access: 'portfolio.read',
  headers: ['scope'],
});
const statements = writableEndpoints({
  name: 'Commission',
  group: 'Statements',
  base: '/api/commissions',
  descriptor: commissionDescriptor,
  row: CommissionStatement,
  access: 'commissions.read',
  headers: ['amount'],
  listDescription: '`X-Total-Amount`: the total paid over the filtered statements, excluding forecasts.',
});
const movements = writableEndpoints({
  name: 'CommissionMouvement',
  group: 'Movements',
  base: '/api/commission-mouvements',
  descriptor: mouvementDescriptor,
  row: CommissionMovement,
  access: 'commissions.read',
});
const timeline = entityEndpoints({
  name: 'TimelineEvent',
  group: 'Timeline',
  base: '/api/timelines',
  descriptor: timelineDescriptor,
  row: TimelineEvent,
  access: 'timeline.read',
  extra: timelineTypes,
});
export const anomalyList = entityEndpoints({
  name: 'Anomaly',
  group: 'Anomalies',
  base: '/api/anomalies',
  descriptor: anomalyDescriptor,
  row: Anomaly,
  access: 'commissions.read',
  headers: ['amount'],
  listDescription: '`X-Total-Amount`: the amount at stake over the filtered anomalies.',
});

const PARENT = "404 when the parent is unknown or outside the caller's scope.";
const byPolicy = keyParams('idPolice', 'policy key');
const byStatement = keyParams('idBordereau', 'statement key');
const byStatementId = keyParams('id', 'statement key (idBordereau)');

/** A child list that comes whole (all its rows unless `size` is given), in its own order. */
const childQuery = Schema.Struct({
  page: Schema.optional(integerText('0-based page (default 0)', 0)),
  size: Schema.optional(integerText(`page size, 1 to ${MAX_PAGE_SIZE} (default: all)`, 1, MAX_PAGE_SIZE)),
  sort: Schema.optional(
    Schema.Array(Schema.String).annotations({ description: '`field,asc` or `field,desc`, repeatable' }),
  ),
});

const wholeChildList = <A, I>(
  id: string,
  group: string,
  path: string,
  summary: string,
  access: Permission,
  schema: Schema.Schema<A, I>,
) =>
  endpoint({
    id,
    group,
    method: 'GET',
    path,
    summary,
    description: PARENT,
    access,
    params: byPolicy,
    query: childQuery,
    handlerQuery: true,
    success: { status: 200, description: 'the rows', schema: Schema.Array(schema), headers: ['paging'] },
    errors: ['BadRequest', 'NotFound'],
  });

const RecapLine = RecapLineSchema.annotations({ identifier: 'RecapLine' });

export const insuredPersons = {
  ...insured,
  ofPolicy: wholeChildList(
    'listPolicyInsured',
    'Insured persons',
    '/api/assures/{idPolice}',
    "A policy's insured persons, by rang (all of them unless size is given)",
    'portfolio.read',
    insured.get.success.schema!,
  ),
};

export const commissionStatements = {
  ...statements,
  recap: endpoint({
    id: 'listRecapLines',
    group: 'Statements',
    method: 'GET',
    path: '/api/commissions/bordereau/{id}',
    summary: "A statement's recap lines, sorted by ordre",
    access: 'commissions.read',
    params: byStatementId,
    success: { status: 200, description: 'recap lines', schema: Schema.Array(RecapLine) },
    errors: ['BadRequest', 'NotFound'],
  }),
  pdf: endpoint({
    id: 'downloadStatement',
    group: 'Statements',
    method: 'GET',
    path: '/api/commissions/download/{id}',
    summary: "The statement's PDF",
    description: '404 also when the statement has no PDF.',
    access: 'commissions.read',
    params: byStatementId,
    success: {
      status: 200,
      description: 'the PDF',
      headers: ['attachment'],
      fileName: "…\"; filename*=UTF-8''…",
      files: ['application/pdf'],
    },
    errors: ['BadRequest', 'NotFound'],
  }),
};

const movementRow = movements.get.success.schema!;

export const commissionMovements = {
  ...movements,
  ofStatement: endpoint({
    id: 'listStatementLines',
    group: 'Movements',
    method: 'GET',
    path: '/api/mouvements/{idBordereau}',
    summary: "A statement's movement lines, paged, with every list parameter",
    description: PARENT,
    access: 'commissions.read',
    params: byStatement,
    query: listQuery(mouvementDescriptor, {}),
    handlerQuery: true,
    success: { status: 200, description: 'the rows', schema: Schema.Array(movementRow), headers: ['paging'] },
    errors: ['BadRequest', 'NotFound'],
  }),
  exportOfStatement: endpoint({
    id: 'exportStatementLines',
    group: 'Movements',
    method: 'GET',
    path: '/api/mouvements/{idBordereau}/export.csv',
    summary: "Export a statement's lines as CSV (file mouvements-{idBordereau}.csv)",
    description: `${PARENT} ${CSV_NOTE}`,
    access: ['commissions.read', 'export'],
    params: byStatement,
    query: listQuery(mouvementDescriptor, columns),
    handlerQuery: true,
    success: {
      status: 200,
      description: 'CSV of the lines',
      headers: ['attachment'],
      fileName: 'mouvements-{idBordereau}.csv',
      files: ['text/csv; charset=utf-8'],
    },
    errors: ['BadRequest', 'NotFound'],
  }),
  ofPolicy: wholeChildList(
    'listPolicyMovements',
    'Movements',
    '/api/mouvements/police/{idPolice}',
    "A policy's movements, mois descending (all unless size is given)",
    'commissions.read',
    movementRow,
  ),
};

export const timelineEvents = {
  list: timeline.list,
  get: timeline.get,
  ofPolicy: wholeChildList(
    'listPolicyEvents',
    'Timeline',
    '/api/police-event/{idPolice}',
    "A policy's timeline events, time descending (all unless size is given)",
    'timeline.read',
    timeline.get.success.schema!,
  ),
};
