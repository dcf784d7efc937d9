import { scopedFieldNames } from '../descriptors/descriptor.ts';
import type { ColumnScope } from '../descriptors/field.ts';
import { DESCRIPTORS } from '../descriptors/index.ts';
import type { Account } from '../domain/account.ts';
import type { Authority } from '../domain/ids.ts';

type Holder = Pick<Account, 'authorities'> | null;
const has = (account: Holder, roles: readonly Authority[]) =>
  roles.length === 0 || (account !== null && roles.some((role) => account.authorities.includes(role)));

const ADMIN_OR = (...roles: Authority[]): readonly Authority[] => ['ROLE_ADMIN', ...roles];

/**
 * The routes of docs/product.md §2 and who may open them (docs/product.md §6): the one table behind the web's
 * guards, its navbar and the CLI's commands. An empty list means anyone, signed in or not.
 */
export const ROUTES = {
  home: { path: '/', authorities: [] },
  accessdenied: { path: '/accessdenied', authorities: [] },
  timeline: { path: '/timeline', authorities: ['ROLE_USER'] },
  dashboard: { path: '/dashboard', authorities: ADMIN_OR('ROLE_COMPTA', 'ROLE_PORTEFEUILLE') },
  police: { path: '/police', authorities: ADMIN_OR('ROLE_PORTEFEUILLE') },
  policeDetail: { path: '/police/:id', authorities: ADMIN_OR('ROLE_PORTEFEUILLE') },
  message: { path: '/message', authorities: ADMIN_OR('ROLE_PORTEFEUILLE') },
  policeAssure: { path: '/police-assure', authorities: ADMIN_OR('ROLE_PORTEFEUILLE') },
  policeAssureDetail: { path: '/police-assure/:id', authorities: ADMIN_OR('ROLE_PORTEFEUILLE') },
  // Writes to insured persons are admin-only on the server (PUT /api/police-assures).
  policeAssureEdit: { path: '/police-assure/:id/edit', authorities: ['ROLE_ADMIN'] },
  commission: { path: '/commission', authorities: ADMIN_OR('ROLE_COMPTA') },
  commissionDetail: { path: '/commission/:id', authorities: ADMIN_OR('ROLE_COMPTA') },
  commissionMouvement: { path: '/commission-mouvement', authorities: ADMIN_OR('ROLE_COMPTA') },
  statementDetail: { path: '/mouvements/:id', authorities: ADMIN_OR('ROLE_COMPTA') },
  audits: { path: '/audits', authorities: ['ROLE_ADMIN'] },
  health: { path: '/jhi-health', authorities: ['ROLE_ADMIN'] },
  logs: { path: '/logs', authorities: ['ROLE_ADMIN'] },
  metrics: { path: '/jhi-metrics', authorities: ['ROLE_ADMIN'] },
  userManagement: { path: '/user-management', authorities: ['ROLE_ADMIN'] },
  userManagementDetail: { path: '/user-management/:login', authorities: ['ROLE_ADMIN'] },
  activate: { path: '/activate', authorities: [] },
  resetFinish: { path: '/reset/finish', authorities: [] },
  resetRequest: { path: '/reset/request', authorities: [] },
  register: { path: '/register', authorities: [] },
  password: { path: '/password', authorities: ['ROLE_USER'] },
  settings: { path: '/settings', authorities: ['ROLE_USER'] },
} as const satisfies Record<string, { path: string; authorities: readonly Authority[] }>;

export type RouteKey = keyof typeof ROUTES;

/** Whether the account may open a route (a guarded route needs a signed-in account with one of its roles). */
export const canAccess = (account: Holder, route: RouteKey): boolean =>
  has(account, ROUTES[route].authorities);

/** Navbar entries (docs/product.md §2 "Navbar"), each shown when `canAccess` its route. */
export const NAV_ENTRIES = {
  home: ['timeline'],
  entities: ['police', 'policeAssure', 'commission'],
  admin: ['userManagement', 'metrics', 'health', 'audits', 'logs'],
  account: ['settings', 'password'],
} as const satisfies Record<string, readonly RouteKey[]>;

/** Fields reserved to ROLE_COMPTA (docs/design.md §4), as the descriptors mark them. */
export const COMMISSION_FIELDS: readonly string[] = scopedFieldNames(Object.values(DESCRIPTORS), 'COMPTA');
/** Contact fields reserved to ROLE_COORD in lists and exports, as the descriptors mark them. */
export const CONTACT_FIELDS: readonly string[] = scopedFieldNames(Object.values(DESCRIPTORS), 'COORD');

/** Whether the account holds the role a column scope asks for (no scope: anyone). */
export const hasScope = (account: Holder, scope: ColumnScope | undefined): boolean =>
  scope === undefined || has(account, [scope === 'COMPTA' ? 'ROLE_COMPTA' : 'ROLE_COORD']);

/** Whether a list column (and its filter and export) is available to the account. */
export const canSeeColumn = (account: Holder, field: string): boolean => {
  if (COMMISSION_FIELDS.includes(field)) return has(account, ['ROLE_COMPTA']);
  if (CONTACT_FIELDS.includes(field)) return has(account, ['ROLE_COORD']);
  return true;
};

/** The visible subset of columns, order kept. */
export const visibleColumns = (account: Holder, columns: readonly string[]): string[] =>
  columns.filter((field) => canSeeColumn(account, field));

/** What else the roles of docs/product.md §6 switch on. */
export const features = (account: Holder) => ({
  /** 'Exporter' buttons. */
  export: has(account, ['ROLE_EXPORT']),
  /** 'Fiche Client' tab and the statement lines' eye button. */
  clientSheet: has(account, ['ROLE_PORTEFEUILLE']),
  /** Commission card on the policy detail and the policy list's extra filter blocks. */
  commissions: has(account, ['ROLE_COMPTA']),
  /** Courtier filter on the statement list. */
  statementCourtierFilter: has(account, ['ROLE_SUPER_ADMIN', 'ROLE_GROSSISTE']),
  /** Courtier column shown by default in the movement popup. */
  movementCourtierColumn: has(account, ['ROLE_ADMIN', 'ROLE_GROSSISTE']),
  admin: has(account, ['ROLE_ADMIN']),
  /** The dashboard is the home page (the timeline stays the home of the others). */
  dashboardHome: has(account, ['ROLE_COMPTA', 'ROLE_PORTEFEUILLE']),
});
