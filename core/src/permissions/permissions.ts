import { scopedFieldNames } from '../descriptors/descriptor.ts';
import type { ColumnScope } from '../descriptors/field.ts';
import { DESCRIPTORS } from '../descriptors/index.ts';
import {
  WEBHOOK_EVENT_PERMISSION,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '../domain/webhookEvents.ts';
import { COLUMN_PERMISSION, type Holder, may, type Permission } from './table.ts';

const PORTFOLIO = 'portfolio.read' as const;
const COMMISSIONS = 'commissions.read' as const;

/**
 * The routes of docs/product.md §2 and the permission each needs (core's table, `table.ts`): the
 * one table behind the web's guards, its navbar and the CLI's commands. No permission means
 * anyone, signed in or not.
 */
export const ROUTES = {
  home: { path: '/' },
  accessdenied: { path: '/accessdenied' },
  timeline: { path: '/timeline', permission: 'timeline.read' },
  dashboard: { path: '/dashboard', permission: 'dashboard.read' },
  police: { path: '/police', permission: PORTFOLIO },
  policeDetail: { path: '/police/:id', permission: PORTFOLIO },
  message: { path: '/message', permission: 'messages.send' },
  policeAssure: { path: '/police-assure', permission: PORTFOLIO },
  policeAssureDetail: { path: '/police-assure/:id', permission: PORTFOLIO },
  // Writes to insured persons are admin-only on the server (PUT /api/police-assures).
  policeAssureEdit: { path: '/police-assure/:id/edit', permission: 'entities.write' },
  commission: { path: '/commission', permission: COMMISSIONS },
  commissionDetail: { path: '/commission/:id', permission: COMMISSIONS },
  commissionMouvement: { path: '/commission-mouvement', permission: COMMISSIONS },
  statementDetail: { path: '/mouvements/:id', permission: COMMISSIONS },
  anomalies: { path: '/anomalies', permission: COMMISSIONS },
  anomalyDetail: { path: '/anomalies/:id', permission: COMMISSIONS },
  disputes: { path: '/disputes', permission: 'disputes.read' },
  disputeNew: { path: '/disputes/new', permission: 'disputes.open' },
  disputeDetail: { path: '/disputes/:id', permission: 'disputes.read' },
  audits: { path: '/audits', permission: 'management.read' },
  health: { path: '/jhi-health', permission: 'management.read' },
  logs: { path: '/logs', permission: 'management.read' },
  metrics: { path: '/jhi-metrics', permission: 'management.read' },
  userManagement: { path: '/user-management', permission: 'users.admin' },
  userManagementDetail: { path: '/user-management/:login', permission: 'users.admin' },
  activate: { path: '/activate' },
  resetFinish: { path: '/reset/finish' },
  resetRequest: { path: '/reset/request' },
  register: { path: '/register' },
  password: { path: '/password', permission: 'account.self' },
  settings: { path: '/settings', permission: 'account.self' },
} as const satisfies Record<string, { path: string; permission?: Permission }>;

export type RouteKey = keyof typeof ROUTES;

/** Whether the account may open a route (a guarded route needs a signed-in account with one of its roles). */
export const canAccess = (account: Holder, route: RouteKey): boolean => {
  const entry: { readonly path: string; readonly permission?: Permission } = ROUTES[route];
  return entry.permission === undefined || may(account, entry.permission);
};

/** Navbar entries (docs/product.md §2 "Navbar"), each shown when `canAccess` its route. */
export const NAV_ENTRIES = {
  home: ['timeline'],
  entities: ['police', 'policeAssure', 'commission', 'anomalies', 'disputes'],
  admin: ['userManagement', 'metrics', 'health', 'audits', 'logs'],
  account: ['settings', 'password'],
} as const satisfies Record<string, readonly RouteKey[]>;

/** Fields reserved to ROLE_COMPTA (docs/design.md §4), as the descriptors mark them. */
export const COMMISSION_FIELDS: readonly string[] = scopedFieldNames(Object.values(DESCRIPTORS), 'COMPTA');
/** Contact fields reserved to ROLE_COORD in lists and exports, as the descriptors mark them. */
export const CONTACT_FIELDS: readonly string[] = scopedFieldNames(Object.values(DESCRIPTORS), 'COORD');

/** Whether the account holds the permission a column scope asks for (no scope: anyone). */
export const hasScope = (account: Holder, scope: ColumnScope | undefined): boolean =>
  scope === undefined || may(account, COLUMN_PERMISSION[scope]);

/** Whether a list column (and its filter and export) is available to the account. */
export const canSeeColumn = (account: Holder, field: string): boolean => {
  if (COMMISSION_FIELDS.includes(field)) return hasScope(account, 'COMPTA');
  if (CONTACT_FIELDS.includes(field)) return hasScope(account, 'COORD');
  return true;
};

/** The visible subset of columns, order kept. */
export const visibleColumns = (account: Holder, columns: readonly string[]): string[] =>
  columns.filter((field) => canSeeColumn(account, field));

/** What else the permissions of core's table switch on in the clients. */
export const features = (account: Holder) => ({
  /** 'Exporter' buttons. */
  export: may(account, 'export'),
  /** 'Fiche Client' tab and the statement lines' eye button. */
  clientSheet: may(account, 'policies.clientSheet'),
  /** Commission card on the policy detail and the policy list's extra filter blocks. */
  commissions: may(account, 'columns.commission'),
  /** Courtier filter on the statement list. */
  statementCourtierFilter: may(account, 'statements.courtierFilter'),
  /** Courtier column shown by default in the movement popup. */
  movementCourtierColumn: may(account, 'movements.courtierColumn'),
  admin: may(account, 'users.admin'),
  /** The dashboard is the home page (the timeline stays the home of the others). */
  dashboardHome: may(account, 'home.dashboard'),
  /** The insured person's 'Show the whole number' button (docs/security.md "Data protection"). */
  nirReveal: may(account, 'nir.reveal'),
  /** The insured person's access log and 'Anonymise' button. */
  personalDataAdmin: may(account, 'personalData.admin'),
});

/** The webhook events the account may receive: those whose rows it may read. */
export const webhookEventsFor = (account: Holder): WebhookEventType[] =>
  WEBHOOK_EVENT_TYPES.filter((type) => may(account, WEBHOOK_EVENT_PERMISSION[type]));
