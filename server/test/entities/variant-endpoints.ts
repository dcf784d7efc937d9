/** The policy endpoints of a copied policy descriptor (reads and writes), as core's contract derives them for the real one. */
import { writableEndpoints } from '@extranet/core/contract/entities.ts';
import type { Descriptor } from '@extranet/core/descriptors/descriptor.ts';
import { domainSchema } from '@extranet/core/descriptors/schema.ts';

export const variantEndpoints = (variant: Descriptor) =>
  writableEndpoints({
    name: 'Police',
    group: 'Policies',
    base: '/api/police',
    descriptor: variant,
    row: domainSchema(variant),
    access: 'portfolio.read',
    headers: ['scope'],
  });
