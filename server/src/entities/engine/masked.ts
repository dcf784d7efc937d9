/**
 * Masked values (core's `masked` annotation, docs/security.md "Data protection"): the social
 * security number (NIR) leaves the database as `1 85 05 •• ••• ••• 12` (sex, birth year and
 * month, then the key), so lists, details, filters, sorts, the `q=` search and exports only ever
 * see that text; the whole number goes out on a recorded reveal, or in an export to a caller
 * holding `nir.reveal`.
 */
import { may } from '@extranet/core/permissions/table.ts';
import type { Caller } from './caller.ts';

/** The SQL of a masked NIR: a value of another length than 15 keeps no character. */
export function maskedNirSql(column: string): string {
  return `(case when ${column} is null then null
    when length(${column}) = 15 then substr(${column}, 1, 1) || ' ' || substr(${column}, 2, 2) || ' '
      || substr(${column}, 4, 2) || ' •• ••• ••• ' || substr(${column}, 14, 2)
    else repeat('•', length(${column})) end)`;
}

export const mayRevealNir = (caller: Caller): boolean => may(caller, 'nir.reveal');
