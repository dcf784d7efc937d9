import { type Authority, ROUTES } from '@extranet/core';
import { generatePath } from 'react-router-dom';

/** What a route needs: the authorities a guard checks (any of them) and its page-title key. */
export interface RouteData {
  readonly path: string;
  readonly pageTitle: string;
  readonly authorities?: readonly Authority[];
}

// Who may open what comes from core's permission table (shared with the CLI).
const USER = ROUTES.timeline.authorities;
const PORTEFEUILLE = ROUTES.police.authorities;
const COMPTA = ROUTES.commission.authorities;
const ADMIN = ROUTES.userManagement.authorities;

/**
 * The route table of spec §2, the one place where paths live: links and redirects use
 * `pathTo(name, params)`, the router reads `path`, guards read `authorities`.
 */
export const routes = {
  home: { path: '/', pageTitle: 'home.title' },
  error: { path: '/error', pageTitle: 'error.title' },
  accessDenied: { path: '/accessdenied', pageTitle: 'error.title' },
  timeline: { path: '/timeline', pageTitle: 'timeline.title', authorities: USER },
  police: { path: '/police', pageTitle: 'web.title.police', authorities: PORTEFEUILLE },
  policeDetail: { path: '/police/:id', pageTitle: 'web.title.policeDetail', authorities: PORTEFEUILLE },
  message: { path: '/message', pageTitle: 'web.title.message', authorities: PORTEFEUILLE },
  policeAssure: { path: '/police-assure', pageTitle: 'web.title.policeAssure', authorities: PORTEFEUILLE },
  policeAssureDetail: {
    path: '/police-assure/:id',
    pageTitle: 'web.title.policeAssureDetail',
    authorities: PORTEFEUILLE,
  },
  policeAssureEdit: {
    path: '/police-assure/:id/edit',
    pageTitle: 'web.title.policeAssureEdit',
    authorities: ADMIN,
  },
  policeAssureView: {
    path: '/police-assure/:id/view',
    pageTitle: 'web.title.policeAssureView',
    authorities: PORTEFEUILLE,
  },
  commission: { path: '/commission', pageTitle: 'web.title.commission', authorities: COMPTA },
  commissionDetail: { path: '/commission/:id', pageTitle: 'web.title.commissionDetail', authorities: COMPTA },
  mouvements: { path: '/mouvements/:id', pageTitle: 'web.title.mouvements', authorities: COMPTA },
  commissionMouvement: {
    path: '/commission-mouvement',
    pageTitle: 'web.title.commissionMouvement',
    authorities: COMPTA,
  },
  commissionMouvementView: {
    path: '/commission-mouvement/:id/view',
    pageTitle: 'web.title.commissionMouvementView',
    authorities: COMPTA,
  },
  audits: { path: '/audits', pageTitle: 'web.title.audits', authorities: ADMIN },
  health: { path: '/jhi-health', pageTitle: 'web.title.health', authorities: ADMIN },
  logs: { path: '/logs', pageTitle: 'web.title.logs', authorities: ADMIN },
  metrics: { path: '/jhi-metrics', pageTitle: 'web.title.metrics', authorities: ADMIN },
  userManagement: { path: '/user-management', pageTitle: 'web.title.users', authorities: ADMIN },
  userNew: { path: '/user-management-new', pageTitle: 'web.title.users', authorities: ADMIN },
  userDetail: { path: '/user-management/:login', pageTitle: 'web.title.users', authorities: ADMIN },
  userEdit: { path: '/user-management/:login/edit', pageTitle: 'web.title.users', authorities: ADMIN },
  userDelete: { path: '/user-management/:login/delete', pageTitle: 'web.title.users', authorities: ADMIN },
  activate: { path: '/activate', pageTitle: 'web.title.activate' },
  resetFinish: { path: '/reset/finish', pageTitle: 'web.title.resetFinish' },
  resetRequest: { path: '/reset/request', pageTitle: 'web.title.resetRequest' },
  register: { path: '/register', pageTitle: 'web.title.register' },
  password: { path: '/password', pageTitle: 'web.title.password', authorities: USER },
  settings: { path: '/settings', pageTitle: 'web.title.settings', authorities: USER },
} as const satisfies Record<string, RouteData>;

export type RouteName = keyof typeof routes;

/** The concrete path of a named route: `pathTo('policeDetail', { id: 'P1' })` → `/police/P1`. */
export const pathTo = (name: RouteName, params: Record<string, string | number> = {}): string =>
  generatePath(
    routes[name].path,
    Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
  );
