import { ROUTES, type RouteKey } from '@extranet/core';
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
 * The route table of docs/product.md §2: links and redirects use `pathTo(name, params)`, the
 * router reads `path`, guards read `access`. A path of core's table (`ROUTES`) is read from it;
 * only the web's own routes (dialogs, views, single sign-on's return) are written here.
 */
export const routes = {
  home: { path: ROUTES.home.path, pageTitle: 'home.title' },
  error: { path: '/error', pageTitle: 'error.title' },
  accessDenied: { path: ROUTES.accessdenied.path, pageTitle: 'error.title' },
  timeline: { path: ROUTES.timeline.path, pageTitle: 'timeline.title', access: 'timeline' },
  dashboard: { path: ROUTES.dashboard.path, pageTitle: 'insight.dashboard.title', access: 'dashboard' },
  police: { path: ROUTES.police.path, pageTitle: 'web.title.police', access: 'police' },
  policeDetail: {
    path: ROUTES.policeDetail.path,
    pageTitle: 'web.title.policeDetail',
    access: 'policeDetail',
  },
  message: { path: ROUTES.message.path, pageTitle: 'web.title.message', access: 'message' },
  policeAssure: {
    path: ROUTES.policeAssure.path,
    pageTitle: 'web.title.policeAssure',
    access: 'policeAssure',
  },
  policeAssureDetail: {
    path: ROUTES.policeAssureDetail.path,
    pageTitle: 'web.title.policeAssureDetail',
    access: 'policeAssureDetail',
  },
  policeAssureEdit: {
    path: ROUTES.policeAssureEdit.path,
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
  commission: { path: ROUTES.commission.path, pageTitle: 'web.title.commission', access: 'commission' },
  commissionDetail: {
    path: ROUTES.commissionDetail.path,
    pageTitle: 'web.title.commissionDetail',
    access: 'commissionDetail',
  },
  mouvements: {
    path: ROUTES.statementDetail.path,
    pageTitle: 'web.title.mouvements',
    access: 'statementDetail',
  },
  commissionMouvement: {
    path: ROUTES.commissionMouvement.path,
    pageTitle: 'web.title.commissionMouvement',
    access: 'commissionMouvement',
  },
  commissionMouvementView: {
    path: '/commission-mouvement/:id/view',
    pageTitle: 'web.title.commissionMouvementView',
    access: 'commissionMouvement',
    hiddenHeading: true,
  },
  anomalies: { path: ROUTES.anomalies.path, pageTitle: 'web.title.anomalies', access: 'anomalies' },
  anomalyDetail: {
    path: ROUTES.anomalyDetail.path,
    pageTitle: 'web.title.anomalyDetail',
    access: 'anomalyDetail',
  },
  disputes: { path: ROUTES.disputes.path, pageTitle: 'web.title.disputes', access: 'disputes' },
  disputeNew: { path: ROUTES.disputeNew.path, pageTitle: 'web.title.disputeNew', access: 'disputeNew' },
  disputeDetail: {
    path: ROUTES.disputeDetail.path,
    pageTitle: 'web.title.disputeDetail',
    access: 'disputeDetail',
  },
  audits: { path: ROUTES.audits.path, pageTitle: 'web.title.audits', access: 'audits' },
  health: { path: ROUTES.health.path, pageTitle: 'web.title.health', access: 'health' },
  logs: { path: ROUTES.logs.path, pageTitle: 'web.title.logs', access: 'logs' },
  metrics: { path: ROUTES.metrics.path, pageTitle: 'web.title.metrics', access: 'metrics' },
  userManagement: {
    path: ROUTES.userManagement.path,
    pageTitle: 'web.title.users',
    access: 'userManagement',
  },
  userNew: { path: '/user-management-new', pageTitle: 'web.title.users', access: 'userManagement' },
  userDetail: {
    path: ROUTES.userManagementDetail.path,
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
  activate: { path: ROUTES.activate.path, pageTitle: 'web.title.activate' },
  // Where the server sends a browser back from single sign-on (core's SSO_RETURN_ROUTE).
  sso: { path: '/sso', pageTitle: 'login.sso.title' },
  resetFinish: { path: ROUTES.resetFinish.path, pageTitle: 'web.title.resetFinish' },
  resetRequest: { path: ROUTES.resetRequest.path, pageTitle: 'web.title.resetRequest' },
  register: { path: ROUTES.register.path, pageTitle: 'web.title.register' },
  unsubscribe: { path: '/unsubscribe', pageTitle: 'alerts.unsubscribe.title' },
  password: { path: ROUTES.password.path, pageTitle: 'web.title.password', access: 'password' },
  settings: { path: ROUTES.settings.path, pageTitle: 'web.title.settings', access: 'settings' },
} as const satisfies Record<string, RouteData>;

export type RouteName = keyof typeof routes;

/** The concrete path of a named route: `pathTo('policeDetail', { id: 'P1' })` → `/police/P1`. */
export const pathTo = (name: RouteName, params: Record<string, string | number> = {}): string =>
  generatePath(
    routes[name].path,
    Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
  );
