/**
 * A saved list's body checked (docs/insight.md): `list` is a list's public name from core's list
 * specs, which the caller may open; `query` is that list's URL query, parsed with the list's own
 * filter, sort and column rules for this caller, so a saved list holds only what the list accepts.
 */
import type { Authority } from '@extranet/core/domain/ids.ts';
import { type ListSpec, listSpecNamed } from '@extranet/core/lists/listSpecs.ts';
import { canAccess } from '@extranet/core/permissions/permissions.ts';
import { anomalyResource } from '../entities/anomalies/resource.ts';
import { commissionResource } from '../entities/commissions/resource.ts';
import type { Caller } from '../entities/engine/caller.ts';
import { badBody } from '../entities/engine/errors.ts';
import type { ResourceDef } from '../entities/engine/fields.ts';
import { parseListQuery, type RawQuery } from '../entities/engine/parse.ts';
import { mouvementResource } from '../entities/mouvements/resource.ts';
import { policeResource } from '../entities/police/resource.ts';
import { policeAssureResource } from '../entities/police-assures/resource.ts';
import { timelineResource } from '../entities/timelines/resource.ts';
import { Problem } from '../http/problems.ts';
import type { SavedFilterValues } from './store.ts';

const OBJECT = 'savedFilter';
const NAME_MAX = 100;
const QUERY_MAX = 4000;

/** The server's resource behind each list, with the parameters its route reads besides the engine's. */
const RESOURCES: Readonly<Record<ListSpec['id'], { resource: ResourceDef; extraParams?: string[] }>> = {
  police: { resource: policeResource },
  assures: { resource: policeAssureResource },
  commission: { resource: commissionResource },
  mouvements: { resource: mouvementResource },
  timeline: { resource: timelineResource, extraParams: ['type'] },
  anomalies: { resource: anomalyResource },
};

const bad = (field: string, code: string, detail: string) => badBody(field, code, detail, OBJECT);

/** A list name the caller may open, else a 400 naming the field. */
export function checkedList(caller: Caller, list: unknown, field = 'list'): ListSpec {
  if (typeof list !== 'string' || list === '') throw bad(field, 'NotNull', 'Required');
  const spec = listSpecNamed(list);
  if (spec === undefined) throw bad(field, 'Pattern', `Unknown list ${list}`);
  if (!canAccess({ authorities: caller.authorities as Authority[] }, spec.route))
    throw bad(field, 'Pattern', `A list this account may not open: ${list}`);
  return spec;
}

/** The query as the list reads it: its parameters, repeated ones as arrays. */
const rawQueryOf = (params: URLSearchParams): RawQuery => {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const previous = raw[key];
    raw[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return raw;
};

/** A list's URL query (a leading `?` allowed), checked by the list's own parser, in canonical form. */
export function checkedQuery(caller: Caller, spec: ListSpec, query: unknown): string {
  if (typeof query !== 'string') throw bad('query', 'NotNull', 'Required');
  const text = query.startsWith('?') ? query.slice(1) : query;
  if (text.length > QUERY_MAX) throw bad('query', 'Size', `At most ${QUERY_MAX} characters`);
  const params = new URLSearchParams(text);
  const { resource, extraParams } = RESOURCES[spec.id];
  try {
    parseListQuery(resource, caller, rawQueryOf(params), {
      view: 'export',
      ...(extraParams === undefined ? {} : { extraParams }),
    });
  } catch (error) {
    // The list's own refusal, said of the body's `query` field.
    if (error instanceof Problem && error.status === 400)
      throw bad(
        'query',
        error.body.fieldErrors?.[0]?.message ?? 'InvalidValue',
        error.body.detail ?? 'Invalid',
      );
    throw error;
  }
  return params.toString();
}

/** A POST or PUT body as the values to store. */
export function checkedValues(caller: Caller, body: unknown): SavedFilterValues {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw bad('body', 'NotNull', 'A JSON object');
  const input = body as Record<string, unknown>;
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') throw bad('name', 'NotBlank', 'Required');
  if (name.length > NAME_MAX) throw bad('name', 'Size', `At most ${NAME_MAX} characters`);
  const spec = checkedList(caller, input.list);
  const isDefault = input.isDefault ?? false;
  if (typeof isDefault !== 'boolean') throw bad('isDefault', 'TypeMismatch', 'true or false');
  return { name, list: spec.name, query: checkedQuery(caller, spec, input.query), isDefault };
}
