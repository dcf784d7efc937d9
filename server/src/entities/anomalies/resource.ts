/** Reconciliation anomalies: their descriptor in core; the rows are written by server/src/reconciliation. */
import { anomalyDescriptor } from '@extranet/core/descriptors/anomaly.ts';
import { resourceOf } from '../engine/from-descriptor.ts';

export const anomalyResource = resourceOf(anomalyDescriptor);
