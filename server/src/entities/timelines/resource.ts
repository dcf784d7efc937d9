/** Timeline events: their descriptor in core. */
import { timelineDescriptor } from '@extranet/core/descriptors/timeline.ts';
import { resourceOf } from '../engine/from-descriptor.ts';

export const timelineResource = resourceOf(timelineDescriptor);
