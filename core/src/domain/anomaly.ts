import { anomalyDescriptor } from '../descriptors/anomaly.ts';
import { domainSchema } from '../descriptors/schema.ts';

/** A reconciliation anomaly (docs/reconciliation.md), as `GET /api/anomalies` sends it, derived from its descriptor. */
export const Anomaly = domainSchema(anomalyDescriptor);
export type Anomaly = typeof Anomaly.Type;
