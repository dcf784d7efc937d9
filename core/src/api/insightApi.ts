import { Dashboard } from '../domain/dashboard.ts';
import { getJson } from './request.ts';

/** Commission insight (docs/insight.md). */
export const insightApi = {
  /** `GET api/dashboard`: the home page's figures, in one call. */
  dashboard: () => getJson(Dashboard, { path: 'api/dashboard' }),
};
