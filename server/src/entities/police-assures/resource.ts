/** The insured-person list: its descriptor in core, with the policy presets it offers. */
import { policeAssureDescriptor } from '@extranet/core/descriptors/policeAssure.ts';
import { resourceOf } from '../engine/from-descriptor.ts';

export const policeAssureResource = resourceOf(policeAssureDescriptor);
