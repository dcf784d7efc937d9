/**
 * JSON Schema from the contract's Effect Schemas (`effect/JSONSchema`): for Fastify's validation
 * (inlined, no `$schema`) and for the OpenAPI document (named schemas as components).
 */
import { JSONSchema, type SchemaAST } from 'effect';

export type Json = Record<string, unknown>;

/**
 * Effect names each refinement in a `title` (`maxLength(100)`), and marks any value with
 * `$id: "/schemas/unknown"` (the same id at every use, which a validator refuses as two schemas
 * with one id): neither means anything to the document or to Fastify.
 */
const untitled = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(untitled);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => !(key === 'title' && typeof inner === 'string'))
      .filter(
        ([key, inner]) => !(key === '$id' && typeof inner === 'string' && inner.startsWith('/schemas/')),
      )
      .map(([key, inner]) => [key, untitled(inner)]),
  );
};

/** A schema as Fastify's Ajv checks it: named parts inlined under `$defs`, no meta-schema URI. */
export function validationSchema(schema: { readonly ast: SchemaAST.AST }): Json {
  const definitions: Record<string, JSONSchema.JsonSchema7> = {};
  const json = JSONSchema.fromAST(schema.ast, {
    definitions,
    topLevelReferenceStrategy: 'skip',
  }) as unknown as Json;
  return untitled(Object.keys(definitions).length === 0 ? json : { ...json, $defs: definitions }) as Json;
}

/**
 * A schema as the OpenAPI document writes it: a named schema (an `identifier` annotation) is a
 * reference to `#/components/schemas/<name>`, added to `components`.
 */
export function documentSchema(
  schema: { readonly ast: SchemaAST.AST },
  components: Record<string, Json>,
): Json {
  const definitions: Record<string, JSONSchema.JsonSchema7> = {};
  const json = JSONSchema.fromAST(schema.ast, {
    definitions,
    definitionPath: '#/components/schemas/',
    target: 'openApi3.1',
  }) as unknown as Json;
  Object.assign(components, untitled(definitions));
  return untitled(json) as Json;
}
