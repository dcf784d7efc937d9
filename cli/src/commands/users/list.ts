import { type User, userApi } from '@extranet/core';
import type { Deps } from '../../deps.ts';
import { type ListOptions, toListQuery } from '../../lists/listOptions.ts';
import { type ListColumn, runList } from '../../lists/runList.ts';

export interface UsersListOptions extends Pick<ListOptions, 'sort' | 'page' | 'size'> {
  readonly json?: boolean;
}

const columns: readonly ListColumn<User>[] = [
  { key: 'login', value: (u) => u.login },
  { key: 'name', value: (u) => [u.firstName, u.lastName].filter(Boolean).join(' ') },
  { key: 'email', value: (u) => u.email ?? '' },
  { key: 'activated', value: (u, f) => f.yesNo(u.activated) },
  { key: 'codeCourtier', value: (u) => u.codeCourtier ?? '' },
  { key: 'marque', value: (u) => u.marque ?? '' },
  { key: 'authorities', value: (u) => u.authorities.map((a) => a.replace(/^ROLE_/, '')).join(',') },
];

/** `extranet users list` (ROLE_ADMIN): one page of users, 20 by default as in the web (ARCHITECTURE §6). */
export const run = (opts: UsersListOptions, deps: Deps) =>
  runList(deps, opts, toListQuery(opts, { size: 20, sort: [] }, deps.t), (q) => userApi.list(q), columns);
