import { call } from '../contract/client.ts';
import { insight } from '../contract/insight.ts';

/** Commission insight (docs/insight.md) through the contract, answers decoded. */
export const insightApi = {
  /** `GET api/dashboard`: the home page's figures, in one call. */
  dashboard: () => call(insight.dashboard, {}),
  /** `GET api/commissions/{id}/changes`: against the previous statement, or `from`. */
  changes: (idBordereau: number, from: number | null = null) =>
    call(insight.changes, {
      params: { idBordereau },
      ...(from === null ? {} : { query: { from: String(from) } }),
    }),
};
