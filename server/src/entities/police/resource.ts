/** The policy list: its descriptor in core, presets included (docs/product.md §4). */
import { policeDescriptor } from '@extranet/core/descriptors/police.ts';
import { resourceOf } from '../engine/from-descriptor.ts';

export const policeResource = resourceOf(policeDescriptor);
