import type { userAdminMachine } from '@extranet/core';
import { useEffect, useRef } from 'react';
import { type Location, matchPath, useLocation, useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { pathTo, routes } from '../../app/paths.ts';
import { useTags } from '../../shared/useTags.ts';

/** Which user dialog the URL asks for (docs/product.md §2 popup routes), or null on the list itself. */
export type UserDialogRoute =
  | { readonly kind: 'new' }
  | { readonly kind: 'edit' | 'delete'; readonly login: string }
  | null;

export const userDialogRouteOf = (pathname: string): UserDialogRoute => {
  if (matchPath(routes.userNew.path, pathname) !== null) return { kind: 'new' };
  for (const kind of ['edit', 'delete'] as const) {
    const match = matchPath(routes[kind === 'edit' ? 'userEdit' : 'userDelete'].path, pathname);
    if (match !== null) return { kind, login: match.params.login ?? '' };
  }
  return null;
};

/** Marks a dialog URL pushed from the list: closing it goes back instead of adding an entry. */
interface FromList {
  readonly fromList: true;
}

/** Opens a user dialog by its URL, from the list (a new history entry, so Back closes it). */
export const useOpenUserDialog = () => {
  const navigate = useNavigate();
  // The list's sort and page go along, so a reload of the dialog keeps the list under it.
  const { search } = useLocation();
  const state: FromList = { fromList: true };
  return {
    create: () => navigate({ pathname: pathTo('userNew'), search }, { state }),
    edit: (login: string) => navigate({ pathname: pathTo('userEdit', { login }), search }, { state }),
    remove: (login: string) => navigate({ pathname: pathTo('userDelete', { login }), search }, { state }),
  };
};

/**
 * Keeps the user dialogs and the URL in step: a dialog URL (followed, deep-linked, or reached
 * with Forward) opens its dialog once the list is ready; the dialog closing (cancel, save,
 * delete, or refused as the admin's own) leaves the URL; Back to the list closes the dialog.
 * The machine stays the one place that decides what may open.
 */
export const useUserDialogRoute = (actor: ActorRefFrom<typeof userAdminMachine>) => {
  const location: Location = useLocation();
  const navigate = useNavigate();
  const route = userDialogRouteOf(location.pathname);
  const { ready, dialog, busy, opening } = useTags(actor, ['ready', 'dialog', 'busy', 'opening']);
  // The location whose dialog was opened, and the one being left (one navigation each). The
  // location object, not its key: every entry reached by typing or following a link has the
  // key 'default'.
  const openedFor = useRef<Location | null>(null);
  const leftFrom = useRef<Location | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the route follows the location; the snapshot flags re-run it
  useEffect(() => {
    const entry = location;
    const leave = () => {
      if (leftFrom.current === entry) return;
      leftFrom.current = entry;
      if ((location.state as FromList | null)?.fromList === true) navigate(-1);
      else navigate({ pathname: pathTo('userManagement'), search: location.search }, { replace: true });
    };
    if (route === null) {
      // Back from a dialog URL: close what is open or opening (a write in flight finishes by itself).
      if ((dialog && !busy) || opening) actor.send({ type: 'cancel' });
      openedFor.current = null;
      leftFrom.current = null;
      return;
    }
    if (!ready) return;
    if (openedFor.current === entry) {
      leave();
      return;
    }
    openedFor.current = entry;
    const openOrLeave = (send: () => void) => {
      send();
      const snapshot = actor.getSnapshot();
      if (!snapshot.hasTag('dialog') && !snapshot.hasTag('opening')) leave();
    };
    if (route.kind === 'new') openOrLeave(() => actor.send({ type: 'create.open' }));
    else if (route.kind === 'delete')
      openOrLeave(() => actor.send({ type: 'delete.open', login: route.login }));
    // The machine opens a listed user at once and loads one beyond the page first; a login it
    // cannot load brings it back to the list with the error, and the URL with it (above).
    else openOrLeave(() => actor.send({ type: 'edit.openLogin', login: route.login }));
  }, [location, ready, dialog, busy, opening]);
};
