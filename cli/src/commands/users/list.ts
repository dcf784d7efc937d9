import { roleName } from '@extranet/core';
import type { User } from '@extranet/core/domain/user.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { type ListOptions, pagingOf } from '../../lists/listOptions.ts';
import { allSize, type ListColumn, runList } from '../../lists/runList.ts';

export type UsersListOptions = Pick<ListOptions, 'sort' | 'page' | 'size' | 'all' | 'paginate'>;

const columns: readonly ListColumn<User>[] = [
  { key: 'login', value: (u) => u.login },
  { key: 'name', value: (u) => [u.firstName, u.lastName].filter(Boolean).join(' ') },
  { key: 'email', value: (u) => u.email ?? '' },
  { key: 'activated', value: (u, f) => f.yesNo(u.activated), raw: (u) => String(u.activated) },
  { key: 'codeCourtier', value: (u) => u.codeCourtier ?? '' },
  { key: 'marque', value: (u) => u.marque ?? '' },
  {
    key: 'authorities',
    value: (u) => u.authorities.map(roleName).join(','),
    raw: (u) => u.authorities.join(','),
  },
];

/** `extranet users list` (admin): users, 20 a page by default as in the web (docs/design.md §6). */
export const run = async (opts: UsersListOptions, deps: Deps) => {
  const { sort, page, size } = pagingOf(opts, deps.t, allSize(opts));
  requireSession(deps);
  const [client, { userApi }] = await Promise.all([deps.api(), import('@extranet/core/api/userApi.ts')]);
  const pages = { page, size, load: (n: number) => client.call(userApi.list({ page: n, size, sort })) };
  return runList(deps, opts, pages, { money: [], columns });
};
