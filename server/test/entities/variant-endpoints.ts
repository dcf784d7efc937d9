/** The policy endpoints of a copied policy descriptor, as core's contract derives them for the real one. */
import { entityEndpoints } from '@extranet/core/contract/entities.ts';
import type { Descriptor } from '@extranet/core/descriptors/descriptor.ts';
import { domainSchema } from '@extranet/core/descriptors/schema.ts';

export const variantEndpoints = (variant: Descriptor) =>
  entityEndpoints({
    name: 'Police',
    group: 'Policies',
    base: '/api/police',
    descriptor: variant,
    row: domainSchema(variant),
    access: 'portfolio.read',
    headers: ['scope'],
  });
