import { canAccess } from '@extranet/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from '../shared/Loading.tsx';
import { pathTo, type RouteData } from './paths.ts';
import { useAuth, useServices } from './ServicesContext.tsx';

/**
 * Sets the document title from the route's pageTitle key, following the language. A dialog's
 * route reached directly gets that title as a hidden `<h1>` (screen readers list a page's
 * headings; axe page-has-heading-one); over a page it adds none: the page has its own.
 */
export const PageTitle = ({ route, heading = true }: { route: RouteData; heading?: boolean }) => {
  const { t } = useTranslation();
  const title = t(route.pageTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (!heading || !route.hiddenHeading) return null;
  return <h1 className="visually-hidden">{title}</h1>;
};

/** What stays under the sign-in modal while the session that showed this page is renewed. */
const SessionEnded = () => {
  const { t } = useTranslation();
  return (
    <p className="text-body-secondary" data-testid="session-ended-page">
      {t('login.messages.sessionEnded')}
    </p>
  );
};

/**
 * Route guard asking core's `canAccess` about the route's `access` entry (docs/product.md §2, §6). A signed-out
 * visitor is sent to /accessdenied with the sign-in modal open and the target kept; a signed-in
 * user lacking the role sees the 403 page.
 */
export const Guard = ({ route, children }: { route: RouteData; children: ReactNode }) => {
  const { auth } = useServices();
  const location = useLocation();
  const account = useAuth((s) => s.context.account);
  const restoring = useAuth((s) => s.hasTag('busy') && !s.hasTag('modalOpen'));
  const sessionEnded = useAuth((s) => s.context.sessionEnded);
  const access = route.access;
  // A route anyone may open (core lets a signed-out visitor in) needs no guard.
  const guarded = access !== undefined && !canAccess(null, access);
  const signedOut = guarded && account === null && !restoring;
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

  // A session that ended keeps this address (and the list state in it) until signed in again.
  const waitingHere = signedOut && sessionEnded;
  useEffect(() => {
    if (signedOut && (!leftHere || sessionEnded)) auth.send({ type: 'access.denied', url: target });
  }, [signedOut, leftHere, sessionEnded, auth, target]);

  if (access === undefined || !guarded) return children;
  if (restoring) return <Loading />;
  if (waitingHere) return <SessionEnded />;
  if (leftHere) return <Navigate to={pathTo('home')} replace />;
  if (!canAccess(account, access)) {
    return <Navigate to={pathTo('accessDenied')} replace />;
  }
  return children;
};
