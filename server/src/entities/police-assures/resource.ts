/** The insured-person list: its descriptor in core, with the policy presets' conditions. */
import { policeAssureDescriptor } from '@extranet/core/descriptors/policeAssure.ts';
import { resourceOf } from '../engine/from-descriptor.ts';
import { policyPresetWhere } from '../police/resource.ts';

export const policeAssureResource = resourceOf(policeAssureDescriptor, { presetWhere: policyPresetWhere });
