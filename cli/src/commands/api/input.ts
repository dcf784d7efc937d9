/**
 * The command line of `extranet api <operationId>` read against the endpoint's own schemas: each
 * `--param name=value` is a path parameter or a query parameter by the name the contract gives
 * it, `--body` is JSON (or `@file`, `@-` for stdin). What a schema refuses is a usage error
 * naming the part and the schema's own words; nothing is sent.
 */
import { readFile } from 'node:fs/promises';
import type { AnyEndpoint } from '@extranet/core/contract/endpoint.ts';
import { Either, ParseResult, Schema, SchemaAST } from 'effect';
import type { Deps } from '../../deps.ts';
import { usageError } from '../../errors.ts';
import { readAll } from '../../io.ts';

type Kind = 'string' | 'number' | 'boolean' | 'array';

/** What the wire carries for a schema: the kinds its encoded side accepts. */
const kindsOf = (ast: SchemaAST.AST): Set<Kind> => {
  const wire = SchemaAST.encodedAST(ast);
  if (SchemaAST.isUnion(wire)) return new Set(wire.types.flatMap((type) => [...kindsOf(type)]));
  if (SchemaAST.isRefinement(wire)) return kindsOf(wire.from);
  // An optional field's `| undefined` says nothing of what the command line gives.
  if (SchemaAST.isUndefinedKeyword(wire)) return new Set();
  if (SchemaAST.isNumberKeyword(wire)) return new Set(['number']);
  if (SchemaAST.isBooleanKeyword(wire)) return new Set(['boolean']);
  if (SchemaAST.isTupleType(wire)) return new Set(['array']);
  if (SchemaAST.isLiteral(wire) && typeof wire.literal === 'number') return new Set(['number']);
  if (SchemaAST.isLiteral(wire) && typeof wire.literal === 'boolean') return new Set(['boolean']);
  return new Set(['string']);
};

/** The fields of a struct schema (path or query parameters) and what each carries on the wire. */
const fieldsOf = (schema: { readonly ast: SchemaAST.AST } | undefined): Map<string, Set<Kind>> =>
  new Map(signaturesOf(schema).map((p) => [String(p.name), kindsOf(p.type)]));

/** The property signatures of a struct schema's wire side (none for another shape). */
export const signaturesOf = (
  schema: { readonly ast: SchemaAST.AST } | undefined,
): readonly SchemaAST.PropertySignature[] => {
  if (schema === undefined) return [];
  const wire = SchemaAST.encodedAST(schema.ast);
  const struct = SchemaAST.isRefinement(wire) ? wire.from : wire;
  return SchemaAST.isTypeLiteral(struct) ? struct.propertySignatures : [];
};

/** A text of the command line as the wire value its field takes: `8080` for a number, a list when repeated. */
const wireValue = (kinds: Set<Kind>, texts: readonly string[]): unknown => {
  const one = (text: string): unknown => {
    if (kinds.has('string')) return text;
    if (kinds.has('number') && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
    if (kinds.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
    return text;
  };
  return kinds.has('array') || texts.length > 1 ? texts.map(one) : one(texts[0]!);
};

/** The schema's refusal in its own words, one line. */
const decoded = (schema: unknown, value: unknown, what: string, deps: Pick<Deps, 't'>): unknown => {
  const result = Schema.decodeUnknownEither(schema as Schema.Schema<unknown, unknown>)(value, {
    errors: 'all',
    onExcessProperty: 'error',
  });
  if (Either.isRight(result)) return result.right;
  const text = ParseResult.ArrayFormatter.formatErrorSync(result.left)
    .map((issue) => (issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`))
    .join('; ');
  throw usageError(deps.t('cli.api.refused', { what, text }));
};

const bodyText = async (given: string, deps: Pick<Deps, 'io' | 't'>): Promise<string> => {
  if (given === '@-') return readAll(deps.io.stdin);
  if (!given.startsWith('@')) return given;
  return readFile(given.slice(1), 'utf8').catch(() => {
    throw usageError(deps.t('cli.api.noFile', { file: given.slice(1) }));
  });
};

export interface ApiInput {
  readonly params?: unknown;
  readonly query?: unknown;
  readonly body?: unknown;
}

/** The call's input from `--param` and `--body`, decoded by the endpoint's schemas, or a usage error. */
export const inputOf = async (
  endpoint: AnyEndpoint,
  given: { readonly param?: readonly string[]; readonly body?: string },
  deps: Pick<Deps, 'io' | 't'>,
): Promise<ApiInput> => {
  const { t } = deps;
  const pathFields = fieldsOf(endpoint.params);
  const queryFields = fieldsOf(endpoint.query);
  const texts = new Map<string, string[]>();
  for (const pair of given.param ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw usageError(t('cli.api.badParam', { value: pair }));
    const name = pair.slice(0, at);
    if (!pathFields.has(name) && !queryFields.has(name)) {
      const known = [...pathFields.keys(), ...queryFields.keys()].join(', ') || t('cli.api.noParams');
      throw usageError(t('cli.api.unknownParam', { name, id: endpoint.id, known }));
    }
    texts.set(name, [...(texts.get(name) ?? []), pair.slice(at + 1)]);
  }
  const part = (fields: Map<string, Set<Kind>>) =>
    Object.fromEntries(
      [...texts].flatMap(([name, values]) => {
        const kinds = fields.get(name);
        return kinds === undefined ? [] : [[name, wireValue(kinds, values)]];
      }),
    );
  const input: { params?: unknown; query?: unknown; body?: unknown } = {};
  if (endpoint.params)
    input.params = decoded(endpoint.params, part(pathFields), t('cli.api.parts.path'), deps);
  if (endpoint.query)
    input.query = decoded(endpoint.query, part(queryFields), t('cli.api.parts.query'), deps);
  if (given.body !== undefined && endpoint.body === undefined)
    throw usageError(t('cli.api.noBody', { id: endpoint.id }));
  if (endpoint.body !== undefined) {
    if (given.body === undefined && endpoint.optionalBody !== true)
      throw usageError(t('cli.api.needBody', { id: endpoint.id }));
    if (given.body !== undefined) {
      const text = await bodyText(given.body, deps);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw usageError(t('cli.api.badJson', { text: (error as Error).message }));
      }
      input.body = decoded(endpoint.body, json, t('cli.api.parts.body'), deps);
    }
  }
  return input;
};
