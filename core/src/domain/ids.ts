import { Schema } from 'effect';

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
);
export type Authority = typeof Authority.Type;

/** Brands a user belongs to (docs/product.md §1). */
export const Marque = Schema.Literal('UCR', '2MA', 'Vitalité Santé', 'Tassur', 'Netvox', 'Samassur');
export type Marque = typeof Marque.Type;
