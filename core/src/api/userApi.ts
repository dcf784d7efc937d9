import { Effect, Schema } from 'effect';
import { Authority } from '../domain/ids.ts';
import { User, type UserWrite } from '../domain/user.ts';
import { UserSyncReport } from '../domain/userSync.ts';
import { getPage, type SortOrder, sortParams } from './paging.ts';
import { getJson, send } from './request.ts';

export interface UserPageRequest {
  readonly page: number;
  readonly size: number;
  readonly sort: readonly SortOrder[];
}

/** `api/users` (ROLE_ADMIN): the administration of users (docs/product.md §7). */
export const userApi = {
  list: (request: UserPageRequest) =>
    getPage(User, {
      path: 'api/users',
      query: [['page', String(request.page)], ['size', String(request.size)], ...sortParams(request.sort)],
    }),
  get: (login: string) => getJson(User, { path: `api/users/${encodeURIComponent(login)}` }),
  /** `POST api/users` (201); the alert headers raise 'userManagement.created'. */
  create: (user: UserWrite) => Effect.asVoid(send({ method: 'POST', path: 'api/users', json: user })),
  update: (user: UserWrite & { readonly id: number }) =>
    Effect.asVoid(send({ method: 'PUT', path: 'api/users', json: user })),
  remove: (login: string) =>
    Effect.asVoid(send({ method: 'DELETE', path: `api/users/${encodeURIComponent(login)}` })),
  authorities: () => getJson(Schema.Array(Authority), { path: 'api/users/authorities' }),
  /** `GET api/portail_user/sync`: pulls users from the portal and reports what changed. */
  sync: () => getJson(UserSyncReport, { path: 'api/portail_user/sync' }),
};
