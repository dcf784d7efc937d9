import { type ListSpec, ownParams, provideSavedLists, savedAddress } from '@extranet/core';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useServices } from '../../app/ServicesContext.tsx';
import { Loading } from '../../shared/Loading.tsx';

export type SavedListsActor = ReturnType<typeof useActorRef<ReturnType<typeof provideSavedLists>>>;

/**
 * Loads a list's saved lists before the list itself: a list opened with a bare address (none of
 * its own keys in the route's query) takes the user's default saved list as its address
 * (replacing the bare one, so Back never comes back to it). A failed load leaves the list as it is.
 */
export const SavedListsGate = ({
  spec,
  children,
}: {
  spec: ListSpec;
  children: (saved: SavedListsActor) => ReactNode;
}) => {
  const { runtime } = useServices();
  const logic = useMemo(() => provideSavedLists(runtime), [runtime]);
  const actor = useActorRef(logic, { input: { list: spec.name } });
  const items = useSelector(actor, (s) => s.context.items);
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const location = useLocation();
  const navigate = useNavigate();
  const [decided, setDecided] = useState(false);
  useEffect(() => {
    if (decided || (items === null && !failed)) return;
    const preferred = items?.find((item) => item.isDefault);
    const route = [...new URLSearchParams(location.search).entries()];
    if (ownParams(route, spec.address).length === 0 && preferred !== undefined && preferred.query !== '')
      navigate(
        { pathname: location.pathname, search: `?${savedAddress(route, preferred.query, spec.address)}` },
        { replace: true, state: location.state },
      );
    setDecided(true);
  }, [decided, items, failed, location, navigate, spec]);
  return decided ? children(actor) : <Loading />;
};
