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

/** A route of core's table (`ROUTES`), guarded by its own entry of the permission table. */
const guarded = (
  key: RouteKey,
  pageTitle: string,
  options: Pick<RouteData, 'hiddenHeading'> = {},
): RouteData => ({
  path: ROUTES[key].path,
  pageTitle,
  access: key,
  ...options,
});
const HIDDEN_HEADING = { hiddenHeading: true } as const;

/**
 * The route table of docs/product.md §2: links and redirects use `pathTo(name, params)`, the
 * router reads `path`, guards read `access`. A path of core's table (`ROUTES`) is read from it;
 * only the web's own routes (dialogs, views, single sign-on's return) are written here.
 */
export const routes = {
  home: { path: ROUTES.home.path, pageTitle: 'home.title' },
  error: { path: '/error', pageTitle: 'error.title' },
  accessDenied: { path: ROUTES.accessdenied.path, pageTitle: 'error.title' },
  timeline: guarded('timeline', 'timeline.title'),
  dashboard: guarded('dashboard', 'insight.dashboard.title'),
  police: guarded('police', 'web.title.police'),
  policeDetail: guarded('policeDetail', 'web.title.policeDetail'),
  message: guarded('message', 'web.title.message'),
  policeAssure: guarded('policeAssure', 'web.title.policeAssure'),
  policeAssureDetail: guarded('policeAssureDetail', 'web.title.policeAssureDetail'),
  policeAssureEdit: guarded('policeAssureEdit', 'web.title.policeAssureEdit', HIDDEN_HEADING),
  policeAssureView: {
    path: '/police-assure/:id/view',
    pageTitle: 'web.title.policeAssureView',
    access: 'policeAssureDetail',
    hiddenHeading: true,
  },
  commission: guarded('commission', 'web.title.commission'),
  commissionDetail: guarded('commissionDetail', 'web.title.commissionDetail'),
  mouvements: guarded('statementDetail', 'web.title.mouvements'),
  commissionMouvement: guarded('commissionMouvement', 'web.title.commissionMouvement'),
  commissionMouvementView: {
    path: '/commission-mouvement/:id/view',
    pageTitle: 'web.title.commissionMouvementView',
    access: 'commissionMouvement',
    hiddenHeading: true,
  },
  anomalies: guarded('anomalies', 'web.title.anomalies'),
  anomalyDetail: guarded('anomalyDetail', 'web.title.anomalyDetail'),
  disputes: guarded('disputes', 'web.title.disputes'),
  disputeNew: guarded('disputeNew', 'web.title.disputeNew'),
  disputeDetail: guarded('disputeDetail', 'web.title.disputeDetail'),
  audits: guarded('audits', 'web.title.audits'),
  health: guarded('health', 'web.title.health'),
  logs: guarded('logs', 'web.title.logs'),
  metrics: guarded('metrics', 'web.title.metrics'),
  userManagement: guarded('userManagement', 'web.title.users'),
  userNew: { path: '/user-management-new', pageTitle: 'web.title.users', access: 'userManagement' },
  userDetail: guarded('userManagementDetail', 'web.title.users'),
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
  password: guarded('password', 'web.title.password'),
  settings: guarded('settings', 'web.title.settings'),
} as const satisfies Record<string, RouteData>;

export type RouteName = keyof typeof routes;

/** The concrete path of a named route: `pathTo('policeDetail', { id: 'P1' })` → `/police/P1`. */
export const pathTo = (name: RouteName, params: Record<string, string | number> = {}): string =>
  generatePath(
    routes[name].path,
    Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
  );
