import type { RouteKey } from '@extranet/core';
import { generatePath } from 'react-router-dom';

/**
 * What a route needs: the entry of core's permission table its guard asks `canAccess` about
 * (none: anyone may open it) and its page-title key. Who may open what is decided in core only.
 */
export interface RouteData {
  readonly path: string;
  readonly pageTitle: string;
  readonly access?: RouteKey;
  /**
   * A dialog's route, which shows no `<h1>` when reached directly (not over a page): the page title
   * is given as a hidden one (Guard.tsx PageTitle; axe page-has-heading-one).
   */
  readonly hiddenHeading?: true;
}

/**
 * The route table of docs/product.md §2, the one place where paths live: links and redirects use
 * `pathTo(name, params)`, the router reads `path`, guards read `access`.
 */
export const routes = {
  home: { path: '/', pageTitle: 'home.title' },
  error: { path: '/error', pageTitle: 'error.title' },
  accessDenied: { path: '/accessdenied', pageTitle: 'error.title' },
  timeline: { path: '/timeline', pageTitle: 'timeline.title', access: 'timeline' },
  dashboard: { path: '/dashboard', pageTitle: 'insight.dashboard.title', access: 'dashboard' },
  police: { path: '/police', pageTitle: 'web.title.police', access: 'police' },
  policeDetail: { path: '/police/:id', pageTitle: 'web.title.policeDetail', access: 'policeDetail' },
  message: { path: '/message', pageTitle: 'web.title.message', access: 'message' },
  policeAssure: { path: '/police-assure', pageTitle: 'web.title.policeAssure', access: 'policeAssure' },
  policeAssureDetail: {
    path: '/police-assure/:id',
    pageTitle: 'web.title.policeAssureDetail',
    access: 'policeAssureDetail',
  },
  policeAssureEdit: {
    path: '/police-assure/:id/edit',
    pageTitle: 'web.title.policeAssureEdit',
    access: 'policeAssureEdit',
    hiddenHeading: true,
  },
  policeAssureView: {
    path: '/police-assure/:id/view',
    pageTitle: 'web.title.policeAssureView',
    access: 'policeAssureDetail',
    hiddenHeading: true,
  },
  commission: { path: '/commission', pageTitle: 'web.title.commission', access: 'commission' },
  commissionDetail: {
    path: '/commission/:id',
    pageTitle: 'web.title.commissionDetail',
    access: 'commissionDetail',
  },
  mouvements: { path: '/mouvements/:id', pageTitle: 'web.title.mouvements', access: 'statementDetail' },
  commissionMouvement: {
    path: '/commission-mouvement',
    pageTitle: 'web.title.commissionMouvement',
    access: 'commissionMouvement',
  },
  commissionMouvementView: {
    path: '/commission-mouvement/:id/view',
    pageTitle: 'web.title.commissionMouvementView',
    access: 'commissionMouvement',
    hiddenHeading: true,
  },
  anomalies: { path: '/anomalies', pageTitle: 'web.title.anomalies', access: 'anomalies' },
  anomalyDetail: { path: '/anomalies/:id', pageTitle: 'web.title.anomalyDetail', access: 'anomalyDetail' },
  disputes: { path: '/disputes', pageTitle: 'web.title.disputes', access: 'disputes' },
  disputeNew: { path: '/disputes/new', pageTitle: 'web.title.disputeNew', access: 'disputeNew' },
  disputeDetail: { path: '/disputes/:id', pageTitle: 'web.title.disputeDetail', access: 'disputeDetail' },
  audits: { path: '/audits', pageTitle: 'web.title.audits', access: 'audits' },
  health: { path: '/jhi-health', pageTitle: 'web.title.health', access: 'health' },
  logs: { path: '/logs', pageTitle: 'web.title.logs', access: 'logs' },
  metrics: { path: '/jhi-metrics', pageTitle: 'web.title.metrics', access: 'metrics' },
  userManagement: { path: '/user-management', pageTitle: 'web.title.users', access: 'userManagement' },
  userNew: { path: '/user-management-new', pageTitle: 'web.title.users', access: 'userManagement' },
  userDetail: {
    path: '/user-management/:login',
    pageTitle: 'web.title.users',
    access: 'userManagementDetail',
  },
  userEdit: {
    path: '/user-management/:login/edit',
    pageTitle: 'web.title.users',
    access: 'userManagementDetail',
  },
  userDelete: {
    path: '/user-management/:login/delete',
    pageTitle: 'web.title.users',
    access: 'userManagementDetail',
  },
  activate: { path: '/activate', pageTitle: 'web.title.activate' },
  // Where the server sends a browser back from single sign-on (core's SSO_RETURN_ROUTE).
  sso: { path: '/sso', pageTitle: 'login.sso.title' },
  resetFinish: { path: '/reset/finish', pageTitle: 'web.title.resetFinish' },
  resetRequest: { path: '/reset/request', pageTitle: 'web.title.resetRequest' },
  register: { path: '/register', pageTitle: 'web.title.register' },
  unsubscribe: { path: '/unsubscribe', pageTitle: 'alerts.unsubscribe.title' },
  password: { path: '/password', pageTitle: 'web.title.password', access: 'password' },
  settings: { path: '/settings', pageTitle: 'web.title.settings', access: 'settings' },
} as const satisfies Record<string, RouteData>;

export type RouteName = keyof typeof routes;

/** The concrete path of a named route: `pathTo('policeDetail', { id: 'P1' })` → `/police/P1`. */
export const pathTo = (name: RouteName, params: Record<string, string | number> = {}): string =>
  generatePath(
    routes[name].path,
    Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
  );
