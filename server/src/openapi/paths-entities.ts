/**
 * The admin writes of the business resources (docs/api-entities.md): create, update and delete,
 * generated from the resources' definitions. Their lists, exports, details and child routes are
 * core's contract (core/src/contract/entities.ts), whose row schemas the answers here name.
 */
import {
  alertHeaders,
  type Json,
  jsonContent,
  okEmpty,
  okJson,
  operation,
  pathParam,
  ref,
} from './builders.ts';
import { ENTITY_RESOURCES } from './schemas.ts';

type SchemaName = keyof typeof ENTITY_RESOURCES;

const ADMIN = ['ROLE_ADMIN'];

interface WriteSpec {
  readonly schema: SchemaName;
  readonly tag: string;
  readonly base: string;
}

const SPECS: readonly WriteSpec[] = [
  { schema: 'Police', tag: 'Policies', base: '/api/police' },
  { schema: 'PoliceAssure', tag: 'Insured persons', base: '/api/police-assures' },
  { schema: 'Commission', tag: 'Statements', base: '/api/commissions' },
  { schema: 'CommissionMouvement', tag: 'Movements', base: '/api/commission-mouvements' },
];

function writePaths(spec: WriteSpec): Record<string, Json> {
  const resource = ENTITY_RESOURCES[spec.schema];
  const keyParam = resource.key;
  const row = ref(spec.schema);
  const input = ref(`${spec.schema}Input`);
  const key = pathParam(keyParam, `the ${resource.entityName} key`, { type: 'integer', minimum: 0 });
  const write = (verb: string, status: string, description: string, alert: string) =>
    ({
      tag: spec.tag,
      errors: ['BadRequest'],
      roles: ADMIN,
      body: { content: jsonContent(input) },
      ok: {
        [status]: okJson(description, row, alertHeaders(`extranetApp.${resource.entityName}.${alert}`)),
      },
      summary: `${verb} a ${resource.entityName} row`,
    }) as const;
  return {
    [spec.base]: {
      post: operation({ ...write('Create', '201', 'created', 'created'), id: `create${spec.schema}` }),
      put: operation({
        ...write('Update', '200', 'updated', 'updated'),
        id: `update${spec.schema}`,
        description: `The key \`${keyParam}\` is read from the body.`,
        errors: ['BadRequest', 'NotFound'],
      }),
    },
    [`${spec.base}/{${keyParam}}`]: {
      put: operation({
        tag: spec.tag,
        id: `update${spec.schema}ByKey`,
        summary: `Update a ${resource.entityName} row by key`,
        roles: ADMIN,
        params: [key],
        body: { content: jsonContent(input) },
        ok: { 200: okJson('updated', row, alertHeaders(`extranetApp.${resource.entityName}.updated`)) },
        errors: ['BadRequest', 'NotFound'],
      }),
      delete: operation({
        tag: spec.tag,
        id: `delete${spec.schema}`,
        summary: `Delete a ${resource.entityName} row`,
        roles: ADMIN,
        params: [key],
        ok: { 200: okEmpty('deleted', alertHeaders(`extranetApp.${resource.entityName}.deleted`)) },
        errors: ['BadRequest', 'NotFound'],
      }),
    },
  };
}

/** The writes' operations, by path: document.ts merges them with the contract's, method by method. */
export const ENTITY_WRITE_PATHS: Record<string, Json> = Object.assign({}, ...SPECS.map(writePaths));
