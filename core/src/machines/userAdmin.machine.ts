import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../api/errorMessage.ts';
import { type Page, parseSort, type SortOrder, sortParams } from '../api/paging.ts';
import type { Query } from '../api/request.ts';
import type { UserPageRequest } from '../api/userApi.ts';
import type { User, UserWrite } from '../domain/user.ts';
import { type MessageRef, message } from '../i18n/message.ts';
import { MISMATCH } from '../rules/accountRules.ts';
import {
  emptyUserForm,
  type UserForm,
  userFormOf,
  userWriteOf,
  validateUserForm,
} from '../rules/userForm.ts';

/** User list page size (docs/design.md §6). */
export const USER_PAGE_SIZE = 20;

/** The user list's sortable columns, and the sort of a fresh list. */
export const USER_SORTABLE = ['id', 'login', 'email'] as const;
const USER_DEFAULT_SORT: readonly SortOrder[] = [{ field: 'id', dir: 'asc' }];

/** What of the user list lives in its address. */
export type UserListPlace = Pick<UserPageRequest, 'sort' | 'page'>;

/**
 * The user list's address, as the other lists write theirs (repeated `sort=field,dir`, `page`
 * from 0): only what differs from a fresh list, so a fresh list's address is bare.
 */
export const userListParams = (place: UserListPlace): Query => [
  ...(sortParams(place.sort).join('&') === sortParams(USER_DEFAULT_SORT).join('&')
    ? []
    : sortParams(place.sort)),
  ...(place.page === 0 ? [] : [['page', String(place.page)] as const]),
];

/** The sort and page a route's query gives the user list: unknown columns dropped, else a fresh list's. */
export const readUserList = (route: Query): UserListPlace => {
  const sortable: readonly string[] = USER_SORTABLE;
  const sort = parseSort(route.filter(([k]) => k === 'sort').map(([, v]) => v)).filter((order) =>
    sortable.includes(order.field),
  );
  const page = Number(route.find(([k]) => k === 'page')?.[1]);
  return {
    sort: sort.length > 0 ? sort : USER_DEFAULT_SORT,
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
};

export interface UserAdminContext {
  /** The signed-in administrator: their own toggle and Delete are disabled. */
  readonly self: string;
  readonly request: UserPageRequest;
  readonly page: Page<User> | null;
  readonly form: UserForm;
  readonly formDirty: boolean;
  readonly mismatch: boolean;
  /** The login the delete dialog names. */
  readonly deleting: string | null;
  readonly error: MessageRef | null;
  /** 'Synchronisation réussie' / 'Synchronisation en échec'. */
  readonly notice: MessageRef | null;
}

export type UserAdminEvent =
  | { type: 'page.change'; page: number }
  | { type: 'sort.change'; sort: readonly SortOrder[] }
  /** The address moved under the list (Back, Forward, a link): its sort and page. */
  | ({ type: 'address.change' } & UserListPlace)
  | { type: 'reload' }
  | { type: 'create.open' }
  | { type: 'edit.open'; user: User }
  /** Edit by login (a deep link): the listed user, else fetched first. */
  | { type: 'edit.openLogin'; login: string }
  | { type: 'field.change'; field: keyof UserForm; value: string | boolean | readonly string[] }
  | { type: 'save' }
  | { type: 'cancel' }
  | { type: 'delete.open'; login: string }
  | { type: 'delete.confirm' }
  | { type: 'activation.toggle'; user: User }
  | { type: 'sync' }
  | { type: 'notice.dismiss' };

const toMessage = failureMessage;
const listedUser = (context: Pick<UserAdminContext, 'page'>, login: string) =>
  context.page?.items.find((user) => user.login.toLowerCase() === login.toLowerCase());
const editForm = (user: User) => ({ form: userFormOf(user), formDirty: false, mismatch: false, error: null });
const formInvalid = (form: UserForm) => Object.values(validateUserForm(form)).some((e) => e !== null);

/** True when the toggle and Delete of `login` are disabled for the signed-in `self` (docs/product.md §4). */
export const isSelf = (context: Pick<UserAdminContext, 'self'>, login: string) =>
  context.self.toLowerCase() === login.toLowerCase();

/**
 * User management (docs/product.md §2 "Users"): the paged list (`loading`, `ready`, `failure`) and, from
 * `ready`, the create/edit dialog (`editing` → `saving`), the delete dialog (`confirmingDelete`
 * → `deleting`), the activation toggle (`toggling`) and 'Synchroniser' (`syncing`). Every write
 * reloads the list; a failed write returns with `error` set. Tags: `busy`, `dialog`, `error`.
 * `edit.openLogin` opens the listed user or loads it first (`fetchingUser`, tag `opening`).
 * Runtimes provide `loadUsers` (Page), `loadUser` (login), `saveUser` (create when no id, else update), `deleteUser`
 * (login) and `syncUsers`.
 */
export const userAdminMachine = setup({
  types: {
    context: {} as UserAdminContext,
    events: {} as UserAdminEvent,
    input: {} as { readonly self: string; readonly request?: Partial<UserPageRequest> },
  },
  actors: {
    loadUsers: fromPromise<Page<User>, UserPageRequest>(() =>
      Promise.reject(new Error('loadUsers not provided')),
    ),
    saveUser: fromPromise<void, UserWrite>(() => Promise.reject(new Error('saveUser not provided'))),
    loadUser: fromPromise<User, string>(() => Promise.reject(new Error('loadUser not provided'))),
    deleteUser: fromPromise<void, string>(() => Promise.reject(new Error('deleteUser not provided'))),
    syncUsers: fromPromise<void, void>(() => Promise.reject(new Error('syncUsers not provided'))),
  },
  guards: {
    notSelf: ({ context, event }) =>
      (event.type === 'activation.toggle' && !isSelf(context, event.user.login)) ||
      (event.type === 'delete.open' && !isSelf(context, event.login)),
    listed: ({ context, event }) =>
      event.type === 'edit.openLogin' && listedUser(context, event.login) !== undefined,
    formInvalid: ({ context }) => formInvalid(context.form),
    mismatch: ({ context }) =>
      context.form.id === null && context.form.password !== context.form.confirmPassword,
  },
}).createMachine({
  id: 'userAdmin',
  context: ({ input }) => ({
    self: input.self,
    request: { page: 0, size: USER_PAGE_SIZE, sort: USER_DEFAULT_SORT, ...(input.request ?? {}) },
    page: null,
    form: emptyUserForm,
    formDirty: false,
    mismatch: false,
    deleting: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        input: ({ context }) => context.request,
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
        onError: { target: 'failure', actions: assign({ error: ({ event }) => toMessage(event.error) }) },
      },
    },
    failure: { tags: ['error'], on: { reload: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      tags: ['ready'],
      on: {
        'page.change': {
          target: 'loading',
          actions: assign({ request: ({ context, event }) => ({ ...context.request, page: event.page }) }),
        },
        'sort.change': {
          target: 'loading',
          actions: assign({ request: ({ context, event }) => ({ ...context.request, sort: event.sort }) }),
        },
        'address.change': {
          target: 'loading',
          actions: assign({
            request: ({ context, event }) => ({ ...context.request, sort: event.sort, page: event.page }),
          }),
        },
        reload: 'loading',
        'create.open': {
          target: 'editing',
          actions: assign({ form: emptyUserForm, formDirty: false, mismatch: false, error: null }),
        },
        'edit.open': { target: 'editing', actions: assign(({ event }) => editForm(event.user)) },
        'edit.openLogin': [
          {
            guard: 'listed',
            target: 'editing',
            actions: assign(({ context, event }) => editForm(listedUser(context, event.login) as User)),
          },
          { target: 'fetchingUser', actions: assign({ error: null }) },
        ],
        'delete.open': {
          guard: 'notSelf',
          target: 'confirmingDelete',
          actions: assign({ deleting: ({ event }) => event.login, error: null }),
        },
        'activation.toggle': { guard: 'notSelf', target: 'toggling', actions: assign({ error: null }) },
        sync: { target: 'syncing', actions: assign({ notice: null, error: null }) },
        'notice.dismiss': { actions: assign({ notice: null, error: null }) },
      },
    },
    // A user beyond the listed page, reached by a deep link: loaded before its dialog opens.
    fetchingUser: {
      tags: ['busy', 'opening'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ event }) => (event as Extract<UserAdminEvent, { type: 'edit.openLogin' }>).login,
        onDone: { target: 'editing', actions: assign(({ event }) => editForm(event.output)) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => toMessage(event.error) }) },
      },
      on: { cancel: 'ready' },
    },
    editing: {
      tags: ['dialog', 'edit'],
      on: {
        'field.change': {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
            formDirty: true,
            mismatch: false,
          }),
        },
        save: [
          { guard: 'formInvalid', actions: assign({ formDirty: true }) },
          { guard: 'mismatch', actions: assign({ mismatch: true }) },
          { target: 'saving' },
        ],
        // A failed save's error belongs to the dialog: closing it must not leave it on the list.
        cancel: { target: 'ready', actions: assign({ error: null }) },
      },
    },
    saving: {
      tags: ['dialog', 'edit', 'busy'],
      invoke: {
        id: 'saveUser',
        src: 'saveUser',
        input: ({ context }) => userWriteOf(context.form),
        onDone: 'loading',
        onError: { target: 'editing', actions: assign({ error: ({ event }) => toMessage(event.error) }) },
      },
    },
    confirmingDelete: {
      tags: ['dialog', 'delete'],
      on: { 'delete.confirm': 'deleting', cancel: { target: 'ready', actions: assign({ deleting: null }) } },
    },
    deleting: {
      tags: ['dialog', 'delete', 'busy'],
      invoke: {
        id: 'deleteUser',
        src: 'deleteUser',
        input: ({ context }) => context.deleting ?? '',
        onDone: { target: 'loading', actions: assign({ deleting: null }) },
        onError: {
          target: 'ready',
          actions: assign({ deleting: null, error: ({ event }) => toMessage(event.error) }),
        },
      },
    },
    toggling: {
      tags: ['busy'],
      invoke: {
        id: 'saveUser',
        src: 'saveUser',
        input: ({ event }) => {
          const user = (event as Extract<UserAdminEvent, { type: 'activation.toggle' }>).user;
          return userWriteOf({ ...userFormOf(user), activated: !user.activated });
        },
        onDone: 'loading',
        onError: { target: 'ready', actions: assign({ error: ({ event }) => toMessage(event.error) }) },
      },
    },
    syncing: {
      tags: ['busy'],
      invoke: {
        id: 'syncUsers',
        src: 'syncUsers',
        onDone: { target: 'loading', actions: assign({ notice: message('userManagement.sync.success') }) },
        onError: { target: 'ready', actions: assign({ notice: message('userManagement.sync.failure') }) },
      },
    },
  },
});

/** The dialog's field errors, shown once the form was touched. */
export const userFormErrors = (context: Pick<UserAdminContext, 'form' | 'formDirty'>) =>
  context.formDirty ? validateUserForm(context.form) : {};

/** The mismatch message under the confirmation, or null. */
export const userFormMismatch = (context: Pick<UserAdminContext, 'mismatch'>) =>
  context.mismatch ? MISMATCH : null;

/** Save is disabled while the dialog is invalid or saving (docs/product.md §2). */
export const canSaveUser = (context: Pick<UserAdminContext, 'form'>) => !formInvalid(context.form);
