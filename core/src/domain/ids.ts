import { Option, Schema } from 'effect';
import { Id } from './fields.ts';

/** A user's login: letters, digits and `_ ' . @ -`, 1 to 50 characters (docs/design.md §6). */
export const Login = Schema.String.pipe(
  Schema.minLength(1),
  Schema.maxLength(50),
  Schema.pattern(/^[_'.@A-Za-z0-9-]*$/),
  Schema.brand('Login'),
);
export type Login = typeof Login.Type;

/** The roles of docs/product.md §6. */
export const Authority = Schema.Literal(
  'ROLE_USER',
  'ROLE_ADMIN',
  'ROLE_SUPER_ADMIN',
  'ROLE_PORTEFEUILLE',
  'ROLE_COMPTA',
  'ROLE_COORD',
  'ROLE_EXPORT',
  'ROLE_GROSSISTE',
  /** The insurer's back office: no broker code, every row, answers disputes. */
  'ROLE_GESTION',
);
export type Authority = typeof Authority.Type;

/** Brands a user belongs to (docs/product.md §1). */
export const Marque = Schema.Literal('UCR', '2MA', 'Vitalité Santé', 'Tassur', 'Netvox', 'Samassur');
export type Marque = typeof Marque.Type;

/**
 * The business keys, branded so one cannot be passed for another (a policy's number where a
 * statement's is expected). Every field of these names, in any resource, holds that key.
 */
export const IdPolice = Id.pipe(Schema.brand('IdPolice'));
export type IdPolice = typeof IdPolice.Type;
export const IdBordereau = Id.pipe(Schema.brand('IdBordereau'));
export type IdBordereau = typeof IdBordereau.Type;
export const IdAssure = Id.pipe(Schema.brand('IdAssure'));
export type IdAssure = typeof IdAssure.Type;

/** The branded schema of each business key, by field name (descriptors/schema.ts applies it). */
export const BUSINESS_KEYS = { idPolice: IdPolice, idBordereau: IdBordereau, idAssure: IdAssure } as const;
export type BusinessKeys = typeof BUSINESS_KEYS;

/**
 * A key read from an address or a command line: 1 to 15 digits, else null (so `/police/abc`
 * is a page that says not found, not a request for `NaN`).
 */
export const parseKey = <A>(key: Schema.Schema<A, number>, text: string | null | undefined): A | null =>
  text !== null && text !== undefined && /^[0-9]{1,15}$/.test(text)
    ? Option.getOrNull(Schema.decodeOption(key)(Number(text)))
    : null;
