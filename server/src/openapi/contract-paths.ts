/**
 * The OpenAPI paths and schemas of the groups declared in core's contract, written from the
 * declaration (docs/adr/0003-contract.md): who may call (the permission's roles, from core's
 * table), the path and query parameters, the body, the success answer with its JHipster headers
 * and the problem answers. Nothing here restates a schema by hand.
 */
import { type Contract, endpointsOf } from '@extranet/core/contract/contract.ts';
import { type AnyEndpoint, pathNames } from '@extranet/core/contract/endpoint.ts';
import { PERMISSIONS } from '@extranet/core/permissions/table.ts';
import { documentSchema } from '../contract/json-schema.ts';
import {
  alertHeaders,
  header,
  type Json,
  jsonContent,
  operation,
  type Param,
  pageHeaders,
} from './builders.ts';

type Components = Record<string, Json>;

/** The struct's properties as parameters `in` the path or the query. */
function parametersOf(
  schema: AnyEndpoint['params'],
  where: 'path' | 'query',
  components: Components,
): Param[] {
  if (schema === undefined) return [];
  const json = documentSchema(schema, components);
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  const named = Object.entries(properties).map(([name, property]): Param => {
    const { description, examples, ...rest } = property as Json & { examples?: unknown[] };
    return {
      name,
      in: where,
      description: typeof description === 'string' ? description : name,
      schema: rest,
      ...(where === 'path' || required.has(name) ? { required: true } : {}),
      ...(examples?.length ? { example: examples[0] } : {}),
    };
  });
  return [...named, ...filtersOf(json)];
}

/** A query's index signature (the lists' `<field>.<operator>` filters) as one form-exploded parameter. */
function filtersOf(json: Json): Param[] {
  const patterns = json.patternProperties as Record<string, Json> | undefined;
  if (patterns === undefined) return [];
  const [[pattern, value]] = Object.entries(patterns) as [[string, Json]];
  const { description, ...schema } = value;
  return [
    {
      name: 'filters',
      in: 'query',
      style: 'form',
      explode: true,
      description: String(description),
      schema: { type: 'object', patternProperties: { [pattern]: schema }, additionalProperties: false },
    },
  ];
}

function successOf(endpoint: AnyEndpoint, components: Components): Record<string, Json> {
  const { status, description, schema, headers = [], alert } = endpoint.success;
  const headerSpecs: Json = {};
  if (headers.includes('location')) headerSpecs.Location = header(`\`${endpoint.path}/{id}\``);
  if (headers.includes('alert'))
    Object.assign(headerSpecs, alertHeaders(alert ?? 'extranetApp.<entity>.<action>'));
  if (headers.includes('paging')) Object.assign(headerSpecs, pageHeaders);
  if (headers.includes('redirect')) headerSpecs.Location = header('the address');
  if (headers.includes('authorization')) headerSpecs.Authorization = header('`Bearer <token>`');
  if (headers.includes('total')) headerSpecs['X-Total-Count'] = header('rows in all', { type: 'integer' });
  if (headers.includes('scope'))
    headerSpecs['X-Scope-Count'] = header("the caller's rows before filters", { type: 'integer' });
  if (headers.includes('amount'))
    headerSpecs['X-Total-Amount'] = header(
      'a sum over the filtered rows (decimal string): see the operation',
    );
  if (headers.includes('attachment'))
    headerSpecs['Content-Disposition'] = header(`attachment; filename="${endpoint.success.fileName ?? '…'}"`);
  const files = Object.fromEntries(
    (endpoint.success.files ?? []).map((type) => [
      type,
      { schema: { type: 'string', contentMediaType: type } },
    ]),
  );
  const text = Object.fromEntries(
    (endpoint.success.text ?? []).map((type) => [type, { schema: { type: 'string' } }]),
  );
  const content = schema
    ? { ...jsonContent(documentSchema(schema, components)), ...files }
    : { ...files, ...text };
  const body = Object.keys(content).length ? { content } : {};
  return {
    [status]: {
      description,
      ...(Object.keys(headerSpecs).length ? { headers: headerSpecs } : {}),
      ...body,
    },
    // JHipster's health: something down answers 503 with the same body.
    ...(endpoint.success.unavailable ? { 503: { description: endpoint.success.unavailable, ...body } } : {}),
  };
}

/** A text-or-JSON body's other form: the bare value of its one property. */
const textContent = ({ textBody }: AnyEndpoint): Json =>
  textBody === undefined
    ? {}
    : { 'text/plain': { schema: { type: 'string', description: `\`${textBody}\` alone (the 4.x client)` } } };

function operationOf(endpoint: AnyEndpoint, components: Components): Json {
  const params = [
    ...parametersOf(endpoint.params, 'path', components),
    ...parametersOf(endpoint.query, 'query', components),
  ];
  const declared = params.filter((p) => p.in === 'path').map((p) => p.name);
  if (pathNames(endpoint.path).join() !== declared.join())
    throw new Error(`${endpoint.id}: the path ${endpoint.path} and its params disagree`);
  const access = endpoint.access;
  const [permission, ...others] = typeof access === 'string' ? [access] : access;
  // Roles of the first permission; the others, each needed too, are said in the description.
  const also = others.map((other) => `Also needs one of the roles of \`${other}\`.`);
  const description = [...also, endpoint.description].filter(Boolean).join('\n\n');
  const op = operation({
    id: endpoint.id,
    tag: endpoint.group,
    summary: endpoint.summary,
    ...(description ? { description } : {}),
    roles: permission === 'public' || permission === 'signed-in' ? permission : PERMISSIONS[permission!],
    params,
    ...(endpoint.body
      ? {
          body: {
            content: endpoint.multipart
              ? { 'multipart/form-data': { schema: documentSchema(endpoint.multipart, components) } }
              : { ...jsonContent(documentSchema(endpoint.body, components)), ...textContent(endpoint) },
            ...(endpoint.optionalBody ? { required: false } : {}),
          },
        }
      : {}),
    ok: successOf(endpoint, components),
    errors: [...(endpoint.errors ?? []), ...(endpoint.badParams ? [endpoint.badParams] : [])],
  });
  return access === 'public' || access === 'signed-in' ? op : { ...op, 'x-permission': access };
}

/** The paths and named schemas of every endpoint of the contract. */
export function contractPaths(contract: Contract): { paths: Record<string, Json>; schemas: Components } {
  const schemas: Components = {};
  const paths: Record<string, Json> = {};
  for (const endpoint of endpointsOf(contract)) {
    paths[endpoint.path] = {
      ...paths[endpoint.path],
      [endpoint.method.toLowerCase()]: operationOf(endpoint, schemas),
    };
  }
  return { paths, schemas };
}
