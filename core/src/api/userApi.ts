import { Effect } from 'effect';
import { call, callPage } from '../contract/client.ts';
import { users } from '../contract/users.ts';
import type { UserWrite } from '../domain/user.ts';
import { type SortOrder, sortParams } from './paging.ts';

export interface UserPageRequest {
  readonly page: number;
  readonly size: number;
  readonly sort: readonly SortOrder[];
}

/** `api/users` (ROLE_ADMIN): the administration of users (docs/product.md §7), on the contract's `users`. */
export const userApi = {
  list: (request: UserPageRequest) =>
    callPage(users.list, {
      query: {
        page: String(request.page),
        size: String(request.size),
        sort: sortParams(request.sort).map(([, value]) => value),
      },
    }),
  get: (login: string) => call(users.get, { params: { login } }),
  /** `POST api/users` (201); the alert headers raise 'userManagement.created'. */
  create: (user: UserWrite) =>
    // A user without a brand is refused before it is sent, as the server would refuse it.
    call(users.create, { body: { ...user, marque: user.marque ?? '' } }).pipe(Effect.asVoid),
  update: (user: UserWrite & { readonly id: number }) =>
    call(users.update, { body: user }).pipe(Effect.asVoid),
  remove: (login: string) => call(users.remove, { params: { login } }),
  authorities: () => call(users.authorities, {}),
  /** `GET api/portail_user/sync`: pulls users from the portal and reports what changed. */
  sync: () => call(users.sync, {}),
};
