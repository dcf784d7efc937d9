/**
 * Small builders for the OpenAPI document, so each route is described in a few lines: who may
 * call it (`roles`, shown in the text and as `x-roles`), its parameters, body, success answer
 * and the problem answers it can give.
 */

import type { ProblemName } from '@extranet/core/contract/endpoint.ts';

export type Json = Record<string, unknown>;

export const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
export const jsonContent = (schema: Json): Json => ({ 'application/json': { schema } });

/** Problem answers described once in components.responses: core's problem names. */
export type ErrorName = ProblemName;
const ERROR_STATUS: Record<ErrorName, string> = {
  BadRequest: '400',
  Unauthorized: '401',
  Forbidden: '403',
  NotFound: '404',
  Conflict: '409',
  TooManyRequests: '429',
  InternalError: '500',
  BadGateway: '502',
  ServiceUnavailable: '503',
  InsufficientStorage: '507',
};

export interface Param {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly description: string;
  readonly schema?: Json;
  readonly required?: boolean;
  readonly example?: unknown;
  /** A query object spread as `key=value` pairs (the lists' filters). */
  readonly style?: 'form';
  readonly explode?: boolean;
}

export interface OperationSpec {
  readonly id: string;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  /** Roles of which the caller needs one; `public` = no token; `signed-in` = any valid token. */
  readonly roles: readonly string[] | 'public' | 'signed-in';
  readonly params?: readonly (Param | Json)[];
  readonly body?: { readonly content: Json; readonly description?: string; readonly required?: boolean };
  /** Success answers by status. */
  readonly ok: Readonly<Record<string, Json>>;
  /** Problem answers besides the 401/403 the roles imply. */
  readonly errors?: readonly ErrorName[];
  /** Error statuses with their own text (e.g. a 503 whose body still matters). */
  readonly extraResponses?: Readonly<Record<string, Json>>;
}

export function operation(spec: OperationSpec): Json {
  const errors = new Set<ErrorName>(spec.errors ?? []);
  if (spec.roles !== 'public') errors.add('Unauthorized');
  if (Array.isArray(spec.roles)) errors.add('Forbidden');
  const who =
    spec.roles === 'public'
      ? 'Public: no token needed.'
      : spec.roles === 'signed-in'
        ? 'Any signed-in user (Bearer token).'
        : `Roles: ${spec.roles.join(' or ')}.`;
  const responses: Json = { ...spec.ok, ...spec.extraResponses };
  for (const name of [...errors].sort((a, b) => ERROR_STATUS[a].localeCompare(ERROR_STATUS[b]))) {
    responses[ERROR_STATUS[name]] ??= { $ref: `#/components/responses/${name}` };
  }
  return {
    operationId: spec.id,
    tags: [spec.tag],
    summary: spec.summary,
    description: [who, spec.description].filter(Boolean).join('\n\n'),
    ...(spec.roles === 'public' ? { security: [] } : {}),
    'x-roles': spec.roles,
    ...(spec.params?.length ? { parameters: spec.params } : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: spec.body.required ?? true,
            ...(spec.body.description ? { description: spec.body.description } : {}),
            content: spec.body.content,
          },
        }
      : {}),
    responses,
  };
}

export const header = (description: string, schema: Json = { type: 'string' }): Json => ({
  description,
  schema,
});

/** The success alert headers of create, update and delete (docs/api-conventions.md §4). */
export const alertHeaders = (example: string): Json => ({
  'X-extranetApp-alert': header(`i18n key of the success alert, e.g. \`${example}\``),
  'X-extranetApp-params': header('the alert parameter (the key of the row), URI-encoded'),
});

/** Paging headers of JHipster lists. */
export const pageHeaders: Json = {
  'X-Total-Count': header('rows matching the filters', { type: 'integer' }),
  Link: header('RFC 5988 links: `<…?page=N&size=S>; rel="next|prev|last|first"`'),
};
