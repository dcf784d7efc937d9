import { type Query, readUserList, type userAdminMachine, userListParams } from '@extranet/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';

const queryOf = (search: string): Query => [...new URLSearchParams(search).entries()];
const searchOf = (query: Query) => new URLSearchParams(query as Array<[string, string]>).toString();

/** The sort and page a users' address asks for, as the machine's input. */
export const userListOf = (search: string) => readUserList(queryOf(search));

/**
 * Keeps the users' sort and page in the address, as the other lists do (docs/design.md §9): each
 * change rewrites the current entry (the list's, or a dialog's over it), so a reload and Back
 * from a user's page find the list as it was; an address that changes under the list (Back,
 * Forward, the menu's bare link) moves it there once it is ready.
 */
export const useUserListAddress = (actor: ActorRefFrom<typeof userAdminMachine>) => {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigationType();
  const request = useSelector(actor, (s) => s.context.request);
  const ready = useSelector(actor, (s) => s.hasTag('ready'));
  const here = useRef(location);
  here.current = location;
  const written = searchOf(userListParams(request));
  // Written when the list changes only: `navigate` changes with the path (a dialog's address
  // left for the bare list), and writing then put back the sort the address had just dropped.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    const { pathname, search, state } = here.current;
    if (written !== new URLSearchParams(search).toString())
      navigateRef.current(
        { pathname, search: written === '' ? '' : `?${written}` },
        { replace: true, state },
      );
  }, [written]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new address, and again once the list can move
  useEffect(() => {
    if (navigation === 'REPLACE' || !ready) return;
    const target = userListOf(location.search);
    if (searchOf(userListParams(target)) !== searchOf(userListParams(actor.getSnapshot().context.request)))
      actor.send({ type: 'address.change', ...target });
  }, [location.key, ready]);
};
