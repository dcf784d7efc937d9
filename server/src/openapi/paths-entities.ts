/**
 * The entities API (docs/api-entities.md): for each resource its list, CSV export, detail and
 * admin writes, plus the child routes, all generated from the resources' definitions.
 */
import { EVENT_TYPES } from '@extranet/core/domain/eventTypes.ts';
import type { ResourceDef } from '../entities/engine/fields.ts';
import { OPERATORS } from '../entities/engine/parse.ts';
import {
  alertHeaders,
  arrayOf,
  header,
  type Json,
  jsonContent,
  okEmpty,
  okJson,
  operation,
  PAGING_PARAMS,
  type Param,
  pageHeaders,
  pathParam,
  queryParam,
  ref,
} from './builders.ts';
import { ENTITY_RESOURCES } from './schemas.ts';

type SchemaName = keyof typeof ENTITY_RESOURCES;

const ADMIN = ['ROLE_ADMIN'];
const PORTEFEUILLE = ['ROLE_ADMIN', 'ROLE_PORTEFEUILLE'];
const COMPTA = ['ROLE_ADMIN', 'ROLE_COMPTA'];

function listParams(schemaName: SchemaName, extra: readonly Param[] = []): (Param | Json)[] {
  const resource: ResourceDef = ENTITY_RESOURCES[schemaName];
  const sort = resource.defaultSort.map((s) => `${s.field},${s.direction}`).join(' then ');
  return [
    ...PAGING_PARAMS.map((p) =>
      p.name === 'size'
        ? { ...p, description: `page size, 1 to 10000 (default ${resource.defaultSize})` }
        : p.name === 'sort'
          ? { ...p, description: `\`field,asc\` or \`field,desc\`, repeatable (default ${sort})` }
          : p,
    ),
    {
      name: 'filters',
      in: 'query',
      style: 'form',
      explode: true,
      description: `Filters \`<field>.<operator>=<value>\` on any field of the ${schemaName} schema the caller may see (operators ${OPERATORS.join(', ')}, by field type; \`in\` takes a comma-separated list); repeated filters all apply.`,
      schema: {
        type: 'object',
        patternProperties: {
          [`^[A-Za-z0-9]+\\.(${OPERATORS.join('|')})$`]: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
    queryParam(
      'q',
      `global search, case-insensitive contains over ${resource.search.map((s) => `\`${s}\``).join(', ')}`,
      { type: 'string', maxLength: 200 },
    ),
    ...(resource.presets
      ? [
          queryParam('preset', 'predefined filter of docs/product.md §4', {
            type: 'string',
            enum: Object.keys(resource.presets),
          }),
        ]
      : []),
    ...extra,
  ];
}

const csv = (description: string): Json => ({
  description,
  headers: { 'Content-Disposition': header('attachment; filename="…csv"') },
  content: { 'text/csv; charset=utf-8': { schema: { type: 'string' } } },
});
const columnsParam = queryParam(
  'columns',
  'comma-separated field names, in the wanted order (default: every visible column)',
);

interface EntitySpec {
  readonly schema: SchemaName;
  readonly tag: string;
  readonly base: string;
  readonly keyParam: string;
  readonly readRoles: readonly string[];
  readonly listHeaders?: Json;
  readonly writes: boolean;
  readonly exports: boolean;
}

const SPECS: readonly EntitySpec[] = [
  {
    schema: 'Police',
    tag: 'Policies',
    base: '/api/police',
    keyParam: 'idPolice',
    readRoles: PORTEFEUILLE,
    listHeaders: { 'X-Scope-Count': header("the caller's rows before filters", { type: 'integer' }) },
    writes: true,
    exports: true,
  },
  {
    schema: 'PoliceAssure',
    tag: 'Insured persons',
    base: '/api/police-assures',
    keyParam: 'idAssure',
    readRoles: PORTEFEUILLE,
    listHeaders: { 'X-Scope-Count': header("the caller's rows before filters", { type: 'integer' }) },
    writes: true,
    exports: true,
  },
  {
    schema: 'Commission',
    tag: 'Statements',
    base: '/api/commissions',
    keyParam: 'idBordereau',
    readRoles: COMPTA,
    listHeaders: {
      'X-Total-Amount': header(
        'total paid over the filtered statements, excluding forecasts (decimal string)',
      ),
    },
    writes: true,
    exports: true,
  },
  {
    schema: 'CommissionMouvement',
    tag: 'Movements',
    base: '/api/commission-mouvements',
    keyParam: 'id',
    readRoles: COMPTA,
    writes: true,
    exports: true,
  },
  {
    schema: 'TimelineEvent',
    tag: 'Timeline',
    base: '/api/timelines',
    keyParam: 'id',
    readRoles: ['ROLE_USER', 'ROLE_ADMIN'],
    writes: false,
    exports: false,
  },
  {
    schema: 'Anomaly',
    tag: 'Anomalies',
    base: '/api/anomalies',
    keyParam: 'id',
    readRoles: COMPTA,
    listHeaders: {
      'X-Total-Amount': header('amount at stake over the filtered anomalies (decimal string)'),
    },
    writes: false,
    exports: true,
  },
];

const typeParam = queryParam('type', 'event type codes, comma-joined or repeated (absent or empty: all)', {
  type: 'array',
  items: { type: 'string', enum: [...EVENT_TYPES] },
});

function entityPaths(spec: EntitySpec): Record<string, Json> {
  const resource = ENTITY_RESOURCES[spec.schema];
  const row = ref(spec.schema);
  const input = ref(`${spec.schema}Input`);
  const key = pathParam(spec.keyParam, `the ${resource.entityName} key`, { type: 'integer', minimum: 0 });
  const paths: Record<string, Json> = {};
  const common = { tag: spec.tag, errors: ['BadRequest'] as const };
  paths[spec.base] = {
    get: operation({
      ...common,
      id: `list${spec.schema}`,
      summary: `List ${spec.tag.toLowerCase()} in the caller's scope`,
      roles: spec.readRoles,
      params: listParams(spec.schema, spec.schema === 'TimelineEvent' ? [typeParam] : []),
      ok: { 200: okJson('one page of rows', arrayOf(row), { ...pageHeaders, ...spec.listHeaders }) },
    }),
  };
  if (spec.writes) {
    const write = (verb: string, status: string, description: string, alert: string) =>
      ({
        ...common,
        roles: ADMIN,
        body: { content: jsonContent(input) },
        ok: {
          [status]: okJson(description, row, alertHeaders(`extranetApp.${resource.entityName}.${alert}`)),
        },
        summary: `${verb} a ${resource.entityName} row`,
      }) as const;
    paths[spec.base]!.post = operation({
      ...write('Create', '201', 'created', 'created'),
      id: `create${spec.schema}`,
    });
    paths[spec.base]!.put = operation({
      ...write('Update', '200', 'updated', 'updated'),
      id: `update${spec.schema}`,
      description: `The key \`${spec.keyParam}\` is read from the body.`,
      errors: ['BadRequest', 'NotFound'],
    });
  }
  if (spec.exports) {
    paths[`${spec.base}/export.csv`] = {
      get: operation({
        ...common,
        id: `export${spec.schema}`,
        summary: `Export ${spec.tag.toLowerCase()} as CSV (streamed; the list's filters and sort)`,
        roles: spec.readRoles,
        description: 'Also needs ROLE_EXPORT. UTF-8 with BOM, `;` separator, French numbers and dates.',
        params: [...listParams(spec.schema), columnsParam],
        ok: { 200: csv('CSV of every matching row') },
      }),
    };
  }
  const detailPath = `${spec.base}/{${spec.keyParam}}`;
  paths[detailPath] = {
    get: operation({
      tag: spec.tag,
      id: `get${spec.schema}`,
      summary: `One ${resource.entityName} row`,
      roles: spec.readRoles,
      params: [key],
      ok: { 200: okJson('the row (detail view)', row) },
      errors: ['BadRequest', 'NotFound'],
      description: "A row outside the caller's scope is 404, exactly like an unknown key.",
    }),
  };
  if (spec.writes) {
    paths[detailPath]!.put = operation({
      tag: spec.tag,
      id: `update${spec.schema}ByKey`,
      summary: `Update a ${resource.entityName} row by key`,
      roles: ADMIN,
      params: [key],
      body: { content: jsonContent(input) },
      ok: { 200: okJson('updated', row, alertHeaders(`extranetApp.${resource.entityName}.updated`)) },
      errors: ['BadRequest', 'NotFound'],
    });
    paths[detailPath]!.delete = operation({
      tag: spec.tag,
      id: `delete${spec.schema}`,
      summary: `Delete a ${resource.entityName} row`,
      roles: ADMIN,
      params: [key],
      ok: { 200: okEmpty('deleted', alertHeaders(`extranetApp.${resource.entityName}.deleted`)) },
      errors: ['BadRequest', 'NotFound'],
    });
  }
  return paths;
}

/** A child list: 404 when the parent is outside the caller's scope. */
function childList(spec: {
  id: string;
  tag: string;
  summary: string;
  roles: readonly string[];
  param: Param;
  schema: SchemaName;
  paged?: boolean;
}): Json {
  return {
    get: operation({
      id: spec.id,
      tag: spec.tag,
      summary: spec.summary,
      roles: spec.roles,
      description: "404 when the parent is unknown or outside the caller's scope.",
      params: [spec.param, ...(spec.paged ? listParams(spec.schema) : PAGING_PARAMS)],
      ok: { 200: okJson('the rows', arrayOf(ref(spec.schema)), pageHeaders) },
      errors: ['BadRequest', 'NotFound'],
    }),
  };
}

const idPolice = pathParam('idPolice', 'policy key', { type: 'integer', minimum: 0 });
const idBordereau = pathParam('idBordereau', 'statement key', { type: 'integer', minimum: 0 });
const statementId = pathParam('id', 'statement key (idBordereau)', { type: 'integer', minimum: 0 });

export const ENTITY_PATHS: Record<string, Json> = {
  ...Object.assign({}, ...SPECS.map(entityPaths)),
  '/api/assures/{idPolice}': childList({
    id: 'listPolicyInsured',
    tag: 'Insured persons',
    summary: "A policy's insured persons, by rang (all of them unless size is given)",
    roles: PORTEFEUILLE,
    param: idPolice,
    schema: 'PoliceAssure',
  }),
  '/api/commissions/bordereau/{id}': {
    get: operation({
      id: 'listRecapLines',
      tag: 'Statements',
      summary: "A statement's recap lines, sorted by ordre",
      roles: COMPTA,
      params: [statementId],
      ok: { 200: okJson('recap lines', arrayOf(ref('RecapLine'))) },
      errors: ['BadRequest', 'NotFound'],
    }),
  },
  '/api/commissions/download/{id}': {
    get: operation({
      id: 'downloadStatement',
      tag: 'Statements',
      summary: "The statement's PDF",
      roles: COMPTA,
      params: [statementId],
      ok: {
        200: {
          description: 'the PDF',
          headers: { 'Content-Disposition': header('attachment; filename="…"; filename*=UTF-8\'\'…') },
          content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
        },
      },
      errors: ['BadRequest', 'NotFound'],
      description: '404 also when the statement has no PDF.',
    }),
  },
  '/api/mouvements/{idBordereau}': childList({
    id: 'listStatementLines',
    tag: 'Movements',
    summary: "A statement's movement lines, paged, with every list parameter",
    roles: COMPTA,
    param: idBordereau,
    schema: 'CommissionMouvement',
    paged: true,
  }),
  '/api/mouvements/{idBordereau}/export.csv': {
    get: operation({
      id: 'exportStatementLines',
      tag: 'Movements',
      summary: "Export a statement's lines as CSV (file mouvements-{idBordereau}.csv)",
      roles: COMPTA,
      description: 'Also needs ROLE_EXPORT.',
      params: [idBordereau, ...listParams('CommissionMouvement'), columnsParam],
      ok: { 200: csv('CSV of the lines') },
      errors: ['BadRequest', 'NotFound'],
    }),
  },
  '/api/mouvements/police/{idPolice}': childList({
    id: 'listPolicyMovements',
    tag: 'Movements',
    summary: "A policy's movements, mois descending (all unless size is given)",
    roles: COMPTA,
    param: idPolice,
    schema: 'CommissionMouvement',
  }),
  '/api/police-event/{idPolice}': childList({
    id: 'listPolicyEvents',
    tag: 'Timeline',
    summary: "A policy's timeline events, time descending (all unless size is given)",
    roles: ['ROLE_USER', 'ROLE_ADMIN'],
    param: idPolice,
    schema: 'TimelineEvent',
  }),
};
