/**
 * The one permission table (docs/design.md §4): what a user may do, named, and
 * the roles that grant it. The server's route guards, row and column scope, the OpenAPI document,
 * the web's routes, navbar and features and the CLI ask it through `may`; no other place names a
 * role to decide access. Roles are read literally: ROLE_ADMIN holds a permission only where it is
 * listed (it does not see commission columns without ROLE_COMPTA).
 *
 * @example may(account, 'portfolio.read') // the policy and insured-person lists
 */
import type { ColumnScope } from '../descriptors/field.ts';
import type { Authority } from '../domain/ids.ts';

export const PERMISSIONS = {
  /** Policies and insured persons: lists, details, filter choices (and their exports with `export`). */
  'portfolio.read': ['ROLE_ADMIN', 'ROLE_PORTEFEUILLE', 'ROLE_GESTION'],
  /** Statements, movements, statement PDFs and what changed between statements. */
  'commissions.read': ['ROLE_ADMIN', 'ROLE_COMPTA', 'ROLE_GESTION'],
  /** The timeline of policy events. */
  'timeline.read': ['ROLE_USER', 'ROLE_ADMIN'],
  /** The dashboard (each of its cards also needs its list's permission). */
  'dashboard.read': ['ROLE_ADMIN', 'ROLE_COMPTA', 'ROLE_PORTEFEUILLE', 'ROLE_GESTION'],
  /** CSV exports, on top of the list's own permission. */
  export: ['ROLE_EXPORT'],
  /** The message to after-sales and its attachments. */
  'messages.send': ['ROLE_ADMIN', 'ROLE_PORTEFEUILLE'],
  /** The account pages (settings, password) of the web app. */
  'account.self': ['ROLE_USER'],
  /** Writes to the back-office rows (policies, insured persons, statements…). */
  'entities.write': ['ROLE_ADMIN'],
  /** Users, their sessions and two-factor settings, the portal directory sync. */
  'users.admin': ['ROLE_ADMIN'],
  /** Health details, metrics, logs, audits, thread dump, Prometheus. */
  'management.read': ['ROLE_ADMIN'],
  /** The back-office import over HTTP. */
  'data.import': ['ROLE_ADMIN'],
  /** Commission fields, in every view (a descriptor's `COMPTA` scope). */
  'columns.commission': ['ROLE_COMPTA', 'ROLE_GESTION'],
  /** Contact fields in lists and exports (a descriptor's `COORD` scope; details show them). */
  'columns.contact': ['ROLE_COORD'],
  /** Every row, whatever its broker code (row scope). */
  'rows.all': ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN', 'ROLE_GESTION'],
  /** The rows of the brokers one wholesales for (row scope by `codeCourtierGrossistePortail`). */
  'rows.wholesaler': ['ROLE_GROSSISTE'],
  /** The 'Fiche Client' tab and the statement lines' eye button. */
  'policies.clientSheet': ['ROLE_PORTEFEUILLE'],
  /** The dashboard is the home page (the timeline stays the home of the others). */
  'home.dashboard': ['ROLE_COMPTA', 'ROLE_PORTEFEUILLE'],
  /** The courtier filter of the statement list. */
  'statements.courtierFilter': ['ROLE_SUPER_ADMIN', 'ROLE_GROSSISTE'],
  /** The courtier column shown by default in the movement popup. */
  'movements.courtierColumn': ['ROLE_ADMIN', 'ROLE_GROSSISTE'],
  /**
   * An insured person's whole social security number (NIR), on an explicit request that is
   * recorded, and whole in exports; everyone else sees it masked (docs/security.md "Data protection").
   */
  'nir.reveal': ['ROLE_ADMIN', 'ROLE_COORD', 'ROLE_GESTION'],
  /** Who saw an insured person's file, and anonymising one on request (docs/security.md "Data protection"). */
  'personalData.admin': ['ROLE_ADMIN'],
  /** Registering webhooks; each event still needs the permission that reads it (domain/webhook.ts). */
  'webhooks.manage': ['ROLE_USER'],
  /** Reading disputes, within the row scope (docs/disputes.md). */
  'disputes.read': ['ROLE_ADMIN', 'ROLE_PORTEFEUILLE', 'ROLE_COMPTA', 'ROLE_GESTION'],
  /** Opening a dispute, adding to its thread and reopening it: the broker's side. */
  'disputes.open': ['ROLE_PORTEFEUILLE', 'ROLE_COMPTA'],
  /** Answering brokers' disputes (the insurer's back office). */
  'disputes.answer': ['ROLE_GESTION'],
} as const satisfies Record<string, readonly Authority[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Anything holding roles: an account, the server's principal or caller, or the roles themselves. */
export type Holder = { readonly authorities: readonly string[] } | readonly string[] | null;

const rolesOf = (holder: Holder): readonly string[] =>
  holder === null
    ? []
    : Array.isArray(holder)
      ? holder
      : (holder as { authorities: readonly string[] }).authorities;

/**
 * The one helper: whether the holder has every permission named (one is the usual case; an
 * export names the list's own and `export`), each through one of the roles the table grants it to.
 */
export const may = (holder: Holder, ...permissions: readonly Permission[]): boolean => {
  const held = rolesOf(holder);
  return permissions.every((permission) => PERMISSIONS[permission].some((role) => held.includes(role)));
};

/** The permission a descriptor's column scope stands for. */
export const COLUMN_PERMISSION = {
  COMPTA: 'columns.commission',
  COORD: 'columns.contact',
} as const satisfies Record<ColumnScope, Permission>;
