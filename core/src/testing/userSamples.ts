/**
 * A user as the server answers it (`GET /api/users/{login}`, every field of the contract's
 * User), for the tests of core's client and user machine and of the CLI's user commands.
 */
import { Login } from '../domain/ids.ts';
import type { User } from '../domain/user.ts';

/** `login`, active, a broker's plain user (code C0001, brand UCR); `fields` change any of it. */
export const sampleUser = (login: string, fields: Partial<User> = {}): User => ({
  id: login.length,
  login: Login.make(login),
  firstName: null,
  lastName: null,
  email: `${login}@example.fr`,
  imageUrl: null,
  activated: true,
  langKey: 'fr',
  marque: 'UCR',
  codeCourtier: 'C0001',
  createdBy: 'system',
  createdDate: '2026-01-01T00:00:00Z',
  lastModifiedBy: null,
  lastModifiedDate: null,
  authorities: ['ROLE_USER'],
  ...fields,
});
