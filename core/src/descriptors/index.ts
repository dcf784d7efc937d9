import { anomalyDescriptor } from './anomaly.ts';
import { commissionDescriptor } from './commission.ts';
import { mouvementDescriptor } from './mouvement.ts';
import { policeDescriptor } from './police.ts';
import { policeAssureDescriptor } from './policeAssure.ts';
import { timelineDescriptor } from './timeline.ts';

/** Every resource's descriptor, by the id of its list (LIST_SPECS' keys). */
export const DESCRIPTORS = {
  police: policeDescriptor,
  assures: policeAssureDescriptor,
  commission: commissionDescriptor,
  mouvements: mouvementDescriptor,
  timeline: timelineDescriptor,
  anomalies: anomalyDescriptor,
} as const;
