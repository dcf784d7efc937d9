/**
 * The cases the EXPLAIN test plans: every list route × caller scope × (default sort, each preset,
 * the `q` search, each whitelisted filter field with each operator its type accepts). Filters and
 * operators come from the resources and the server's own parser, so a new field is a new case.
 */
import type { Principal } from '../../src/auth/plugin.ts';
import type { Db } from '../../src/db/types.ts';
import { commissionResource } from '../../src/entities/commissions/resource.ts';
import { visibleFields } from '../../src/entities/engine/columns.ts';
import type { FieldDef, ResourceDef } from '../../src/entities/engine/fields.ts';
import { OPERATORS, type Operator, parseListQuery } from '../../src/entities/engine/parse.ts';
import { mouvementResource } from '../../src/entities/mouvements/resource.ts';
import { policeResource } from '../../src/entities/police/resource.ts';
import { policeAssureResource } from '../../src/entities/police-assures/resource.ts';
import { timelineResource } from '../../src/entities/timelines/resource.ts';

export type CallerName = 'courtier' | 'grossiste' | 'admin';

const principal = (login: string, roles: string[], codeCourtier: string | null): Principal => ({
  id: 1,
  login,
  authorities: ['ROLE_USER', ...roles],
  codeCourtier,
  marque: null,
  langKey: 'fr',
  email: null,
});

const everyColumn = ['ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_COORD', 'ROLE_EXPORT'];

/**
 * Callers who may see (so filter and search on) every column. The broker and the wholesaler are
 * mid-set ones; G0002 covers C0021–C0040. The server has no other row scope: an apporteur is a
 * filter (`codeApporteur`), a brand (marque) only changes the home page.
 */
export const CALLERS: Readonly<Record<CallerName, { principal: Principal; scope: string | null }>> = {
  courtier: { principal: principal('courtier', everyColumn, 'C0007'), scope: 'code_courtier_portail' },
  grossiste: {
    principal: principal('grossiste', ['ROLE_GROSSISTE', ...everyColumn], 'G0002'),
    scope: 'code_courtier_grossiste_portail',
  },
  admin: { principal: principal('admin', ['ROLE_ADMIN', 'ROLE_COMPTA', 'ROLE_COORD'], null), scope: null },
};

export interface ListRoute {
  readonly path: string;
  readonly resource: ResourceDef;
  /** A policy's children: a handful of rows, found by the policy key, sorted in memory. */
  readonly ofPolicy?: boolean;
  /** A top-level list: every whitelisted filter is tried on it. */
  readonly filters?: boolean;
  /** Route-specific parameters with a value to try (the timeline's event types). */
  readonly extra?: Readonly<Record<string, string>>;
}

/** The list routes of the entities plugin (`server/src/entities/*\/routes.ts`). */
export const LIST_ROUTES: readonly ListRoute[] = [
  { path: '/api/police', resource: policeResource, filters: true },
  { path: '/api/police-assures', resource: policeAssureResource, filters: true },
  { path: '/api/assures/:idPolice', resource: policeAssureResource, ofPolicy: true },
  { path: '/api/commissions', resource: commissionResource, filters: true },
  { path: '/api/commission-mouvements', resource: mouvementResource, filters: true },
  { path: '/api/mouvements/:idBordereau', resource: mouvementResource },
  { path: '/api/mouvements/police/:idPolice', resource: mouvementResource, ofPolicy: true },
  { path: '/api/timelines', resource: timelineResource, filters: true, extra: { type: 'AFN,RSL' } },
  { path: '/api/police-event/:idPolice', resource: timelineResource, ofPolicy: true },
];

/**
 * What the page statement must show. `order`: the table is read through an index in the sort's
 * order, so the page stops after its rows. `narrow`: only index entries matching a condition are
 * read (or, for a page, the table is read in order and stops early).
 */
export type Check = 'order' | 'narrow';

export interface Case {
  readonly route: ListRoute;
  readonly caller: CallerName;
  /** `default sort`, `preset=SEF`, `q`, `statut.in`, `type=AFN,RSL`. */
  readonly label: string;
  readonly query: Readonly<Record<string, string>>;
  readonly check: Check;
  /** A filter-field case (printed grouped). */
  readonly filter: boolean;
}

/** Operators the server's parser accepts for the field (it answers 400 for the others). */
function operatorsOf(resource: ResourceDef, caller: Principal, field: FieldDef, value: string): Operator[] {
  return OPERATORS.filter((op) => {
    try {
      parseListQuery(resource, caller, { [`${field.name}.${op}`]: value }, { view: 'list' });
      return true;
    } catch {
      return false;
    }
  });
}

const FALLBACK: Readonly<Record<FieldDef['type'], string>> = {
  text: 'abc',
  enum: '',
  id: '1',
  integer: '1',
  money: '10',
  rate: '0.1',
  date: '2020-01-01',
  timestamp: '2020-01-01T00:00:00Z',
};

/** A value the caller really has in that column, as the API expects it. */
async function sampleValue(db: Db, resource: ResourceDef, field: FieldDef, caller: CallerName) {
  const { scope, principal } = CALLERS[caller];
  const text =
    field.type === 'timestamp'
      ? `to_char(${field.column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`
      : `${field.column}::text`;
  const where = scope ? `${scope} = $1` : 'true';
  const rows = await db.query<{ v: string }>(
    `select ${text} as v from ${resource.table} where ${where} and ${field.column} is not null
      and ${field.column}::text <> '' order by id limit 1`,
    scope ? [principal.codeCourtier] : [],
  );
  return rows[0]?.v ?? (field.type === 'enum' ? field.values![0]! : FALLBACK[field.type]);
}

/** The value sent with an operator: a part of it for `contains` (3 or more letters for trigrams). */
function operand(value: string, op: Operator): string {
  if (op === 'contains') return value.length > 5 ? value.slice(1, 6) : value;
  if (op === 'startsWith') return value.slice(0, Math.max(3, Math.ceil(value.length / 2)));
  return value;
}

async function filterCases(db: Db, route: ListRoute, caller: CallerName): Promise<Case[]> {
  const { principal } = CALLERS[caller];
  const cases: Case[] = [];
  for (const field of visibleFields(route.resource, principal, 'list')) {
    const value = await sampleValue(db, route.resource, field, caller);
    for (const op of operatorsOf(route.resource, principal, field, value)) {
      cases.push({
        route,
        caller,
        label: `${field.name}.${op}`,
        query: { [`${field.name}.${op}`]: operand(value, op) },
        check: 'narrow',
        filter: true,
      });
    }
  }
  return cases;
}

/**
 * Broker scopes get every case. Admins (every row) get the sorts and presets, whose first page an
 * index must give in order, the children of one policy or statement, and the policy search,
 * which trigram indexes serve (migration 0005): an admin's filter on another column, or search on
 * another list, has no condition an index could narrow by and reads the table.
 */
export async function casesFor(db: Db, route: ListRoute, caller: CallerName): Promise<Case[]> {
  const base = { route, caller, filter: false } as const;
  const admin = caller === 'admin';
  const cases: Case[] = [
    { ...base, label: 'default sort', query: {}, check: route.ofPolicy ? 'narrow' : 'order' },
  ];
  if (route.ofPolicy) return cases;
  for (const code of Object.keys(route.resource.presets ?? {})) {
    cases.push({ ...base, label: `preset=${code}`, query: { preset: code }, check: 'order' });
  }
  const searchable = !admin || route.resource === policeResource;
  if (searchable && route.filters) {
    const q = await sampleValue(db, route.resource, searchField(route), caller);
    cases.push({ ...base, label: 'q', query: { q: operand(q, 'contains') }, check: 'narrow' });
  }
  // For an admin a route parameter is a filter over every row: like a preset, its page must come in order.
  for (const [name, value] of Object.entries(route.extra ?? {})) {
    const check = admin ? 'order' : 'narrow';
    cases.push({ ...base, label: `${name}=${value}`, query: { [name]: value }, check });
  }
  if (!admin && route.filters) cases.push(...(await filterCases(db, route, caller)));
  return cases;
}

/** The search's first field: the term is part of a real value there. */
function searchField(route: ListRoute): FieldDef {
  return route.resource.fields.find((f) => f.name === route.resource.search[0])!;
}
