import { hasAnyAuthority } from '@extranet/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from '../shared/Loading.tsx';
import { pathTo, type RouteData } from './paths.ts';
import { useAuth, useServices } from './ServicesContext.tsx';

/** Sets the document title from the route's pageTitle key, following the language. */
export const PageTitle = ({ route }: { route: RouteData }) => {
  const { t } = useTranslation();
  const title = t(route.pageTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
};

/**
 * Route guard reading the required authorities from route data (spec §2, §6). A signed-out
 * visitor is sent to /accessdenied with the sign-in modal open and the target kept; a signed-in
 * user lacking the role sees the 403 page.
 */
export const Guard = ({ route, children }: { route: RouteData; children: ReactNode }) => {
  const { auth } = useServices();
  const location = useLocation();
  const account = useAuth((s) => s.context.account);
  const restoring = useAuth((s) => s.hasTag('busy') && !s.hasTag('modalOpen'));
  const required = route.authorities ?? [];
  const signedOut = required.length > 0 && account === null && !restoring;
  const target = `${location.pathname}${location.search}`;
  // Signing out (or a session ending) on this page is not a refused visit: the machine's
  // redirect to home may render after the account is gone, so no modal opens for this URL.
  // The guard instance survives route changes, so the URL where it happened is what we keep.
  const wasSignedIn = useRef(account !== null);
  const leftAt = useRef<string | null>(null);
  if (account !== null) {
    wasSignedIn.current = true;
    leftAt.current = null;
  } else if (wasSignedIn.current) {
    wasSignedIn.current = false;
    leftAt.current = target;
  }
  const leftHere = account === null && leftAt.current === target;

  useEffect(() => {
    if (signedOut && !leftHere) auth.send({ type: 'access.denied', url: target });
  }, [signedOut, leftHere, auth, target]);

  if (required.length === 0) return children;
  if (restoring) return <Loading />;
  if (leftHere) return <Navigate to={pathTo('home')} replace />;
  if (account === null || !hasAnyAuthority(account, ...required)) {
    return <Navigate to={pathTo('accessDenied')} replace />;
  }
  return children;
};
