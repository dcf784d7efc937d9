/** Commission movements: their descriptor in core. */
import { mouvementDescriptor } from '@extranet/core/descriptors/mouvement.ts';
import { resourceOf } from '../engine/from-descriptor.ts';

export const mouvementResource = resourceOf(mouvementDescriptor);
