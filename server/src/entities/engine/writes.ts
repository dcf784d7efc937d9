/**
 * Admin writes (POST, PUT, DELETE) shared by the resources. Bodies use the JSON field names;
 * unknown properties are ignored as Jackson does for JHipster, known ones are type-checked.
 * PUT replaces the whole row, as JHipster's does, except the columns the caller may not see,
 * which keep their stored values. Answers carry the alert headers.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { alertHeaders, problems } from '../../http/problems.ts';
import type { Caller } from './caller.ts';
import { visibleFields } from './columns.ts';
import { checkedKey } from './detail.ts';
import { badBody } from './errors.ts';
import type { FieldDef, ResourceDef } from './fields.ts';
import { jsonColumns, toJson } from './json.ts';
import { deleteRows, fieldEquals, insertRow, updateRows } from './query.ts';
import { normaliseValue } from './values.ts';

const APP = 'extranetApp';
const INT4_MAX = 2_147_483_647;

function bodyValues(resource: ResourceDef, body: unknown, requireKey: boolean): Map<FieldDef, string | null> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw problems.badRequest('The body must be a JSON object');
  }
  const input = body as Record<string, unknown>;
  const values = new Map<FieldDef, string | null>();
  for (const field of resource.fields) {
    if (field.name === 'id') continue;
    const raw = input[field.name];
    if (raw === undefined || raw === null) {
      values.set(field, null);
      continue;
    }
    const text =
      typeof raw === 'string' ? raw : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : null;
    const value = text === null ? null : normaliseValue(field, text);
    if (value === null)
      throw badBody(field.name, 'TypeMismatch', `Not a valid ${field.type} value`, resource.entityName);
    // A closed list of codes, as the import checks it (exports rely on it: fields.ts freeText).
    if (field.codes && value !== '' && !field.codes.includes(value))
      throw badBody(field.name, 'Pattern', 'Not one of the accepted codes', resource.entityName);
    // A shaped text (identifier, postal code, e-mail address), as the import checks it (same reason).
    if (field.pattern && value !== '' && !field.pattern.test(value))
      throw badBody(field.name, 'Pattern', 'Not in the expected shape', resource.entityName);
    // `integer` fields are int4 columns: a bigger number is the caller's mistake, named here.
    if (field.type === 'integer' && (Number(value) > INT4_MAX || Number(value) < -INT4_MAX - 1))
      throw badBody(field.name, 'Max', 'Out of range', resource.entityName);
    values.set(field, value);
  }
  const key = [...values].find(([field]) => field.name === resource.key);
  if (requireKey && key && key[1] === null)
    throw badBody(resource.key, 'NotNull', 'Required', resource.entityName);
  return values;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * A database refusal caused by the body (a required column left empty, a number too big for
 * its column, a foreign key to nothing) is the caller's 400, not a 500. Anything else rethrows.
 */
function rethrowWriteError(resource: ResourceDef, error: unknown): never {
  if (isUniqueViolation(error)) throw badBody(resource.key, 'Unique', 'Already exists', resource.entityName);
  const { code, column } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    column?: unknown;
  };
  const field =
    resource.fields.find((f) => f.column === column)?.name ?? (typeof column === 'string' ? column : 'body');
  if (code === '23502') throw badBody(field, 'NotNull', 'Required', resource.entityName);
  if (code === '23503') throw badBody(field, 'NotFound', 'Refers to a missing row', resource.entityName);
  // Class 22: data exceptions (out of range, too long, bad date or number text).
  if (typeof code === 'string' && code.startsWith('22'))
    throw badBody(field, 'Invalid', 'Not a valid value', resource.entityName);
  throw error;
}

const keyOf = (resource: ResourceDef, row: Record<string, unknown>) => String(row[resource.key]);

export async function createEntity(
  db: Db,
  resource: ResourceDef,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const body = request.body as Record<string, unknown> | null;
  if (body && typeof body === 'object' && body.id !== undefined && body.id !== null) {
    throw problems.idExists(resource.entityName);
  }
  const values = bodyValues(resource, body, true);
  const fields = visibleFields(resource, caller, 'detail');
  const statement = insertRow(resource, values, jsonColumns(fields));
  let rows: Record<string, unknown>[];
  try {
    rows = await db.query(statement.sql, statement.params);
  } catch (error) {
    rethrowWriteError(resource, error);
  }
  const created = toJson(fields, rows[0]!);
  const path = pathOf(request).replace(/\/$/, '');
  return reply
    .code(201)
    .header('Location', `${path}/${encodeURIComponent(keyOf(resource, created))}`)
    .headers(alertHeaders(`${APP}.${resource.entityName}.created`, keyOf(resource, created)))
    .send(created);
}

/** `rawKey` comes from the path when given, else from the body's key field. */
export async function updateEntity(
  db: Db,
  resource: ResourceDef,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
  rawKey?: string,
) {
  const values = bodyValues(resource, request.body, false);
  const bodyKey = (request.body as Record<string, unknown>)[resource.key];
  const keyText =
    rawKey ?? (typeof bodyKey === 'string' || typeof bodyKey === 'number' ? String(bodyKey) : undefined);
  if (keyText === undefined) throw badBody(resource.key, 'NotNull', 'Required', resource.entityName);
  const key = fieldEquals(resource, resource.key, checkedKey(resource, resource.key, keyText));
  // The key itself is not rewritten: a PUT addresses a row, it does not move it.
  values.delete(key.field);
  const fields = visibleFields(resource, caller, 'detail');
  // A column the caller may not see (commissions without ROLE_COMPTA) was not in what it read,
  // so its absence from the body is not a request to clear it: the stored value stays.
  for (const field of values.keys()) if (!fields.includes(field)) values.delete(field);
  const statement = updateRows(resource, caller, key, values, jsonColumns(fields));
  let rows: Record<string, unknown>[];
  try {
    rows = await db.query(statement.sql, statement.params);
  } catch (error) {
    rethrowWriteError(resource, error);
  }
  if (rows.length === 0) throw problems.entityNotFound(resource.entityName, pathOf(request));
  const updated = toJson(fields, rows[0]!);
  return reply
    .headers(alertHeaders(`${APP}.${resource.entityName}.updated`, keyOf(resource, updated)))
    .send(updated);
}

export async function deleteEntity(
  db: Db,
  resource: ResourceDef,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
  rawKey: string,
) {
  const key = fieldEquals(resource, resource.key, checkedKey(resource, resource.key, rawKey));
  const statement = deleteRows(resource, caller, key);
  const rows = await db.query(statement.sql, statement.params);
  if (rows.length === 0) throw problems.entityNotFound(resource.entityName, pathOf(request));
  return reply.headers(alertHeaders(`${APP}.${resource.entityName}.deleted`, key.values[0]!)).send();
}
