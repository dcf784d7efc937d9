import { Dashboard } from '../domain/dashboard.ts';
import { StatementChanges } from '../domain/statementChanges.ts';
import { getJson } from './request.ts';

/** Commission insight (docs/insight.md). */
export const insightApi = {
  /** `GET api/dashboard`: the home page's figures, in one call. */
  dashboard: () => getJson(Dashboard, { path: 'api/dashboard' }),
  /** `GET api/commissions/{id}/changes`: against the previous statement, or `from`. */
  changes: (idBordereau: number, from: number | null = null) =>
    getJson(StatementChanges, {
      path: `api/commissions/${idBordereau}/changes`,
      query: from === null ? [] : [['from', String(from)]],
    }),
};
