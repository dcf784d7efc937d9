/**
 * Renders the OpenAPI document as a Markdown reference (docs/api.md): conventions, an index of
 * every endpoint, then each endpoint with its roles, parameters, body, answers and errors, and
 * the schemas. Pure: the same document gives the same text, so a test can check the committed
 * file is current.
 */
import type { Json } from './builders.ts';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const cell = (text: unknown) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n+/g, ' ');
/** A heading's anchor as GitHub writes it: punctuation dropped but `_` and `-` kept. */
const anchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .trim()
    .replace(/ /g, '-');

function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    return `[${name}](#${anchor(`schema ${name}`)})`;
  }
  // Effect writes a nullable value as `anyOf: [X, { type: 'null' }]`.
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives?.length) return alternatives.map(typeOf).join(' \\| ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array')) return `${typeOf(schema.items as Json)}[]`;
  let text = types.join(' \\| ') || (schema.contentMediaType ? 'binary' : 'any');
  if (schema.format) text += ` (${schema.format})`;
  if (Array.isArray(schema.enum) && schema.enum.length) text += `: ${schema.enum.join(', ')}`;
  return text;
}

function constraints(schema: Json): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    parts.push(`${schema.minLength ?? 0} to ${schema.maxLength ?? '∞'} characters`);
  }
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.maxItems !== undefined) parts.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) parts.push(`pattern \`${schema.pattern}\``);
  return parts.join(', ');
}

function propertiesTable(schema: Json): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(properties);
  if (names.length > 20) {
    return [`Fields: ${names.map((n) => `\`${n}\` ${typeOf(properties[n])}`).join(', ')}.`, ''];
  }
  return [
    '| field | type | required | notes |',
    '|---|---|---|---|',
    ...names.map((n) => {
      const p = properties[n]!;
      const notes = [p.description, constraints(p)].filter(Boolean).join('; ');
      return `| \`${n}\` | ${cell(typeOf(p))} | ${required.has(n) ? 'yes' : ''} | ${cell(notes)} |`;
    }),
    '',
  ];
}

function renderOperation(method: string, path: string, op: Json): string[] {
  const lines = [
    `### ${method.toUpperCase()} \`${path}\``,
    '',
    `${op.summary}.`,
    '',
    String(op.description),
    '',
  ];
  const params = (op.parameters as Json[] | undefined) ?? [];
  if (params.length) {
    lines.push('| parameter | in | type | description |', '|---|---|---|---|');
    for (const p of params) {
      const schema = p.schema as Json;
      const notes = [p.description, constraints(schema)].filter(Boolean).join('; ');
      lines.push(
        `| \`${p.name}\`${p.required ? ' (required)' : ''} | ${p.in} | ${cell(typeOf(schema))} | ${cell(notes)} |`,
      );
    }
    lines.push('');
  }
  const body = op.requestBody as Json | undefined;
  if (body) {
    for (const [media, content] of Object.entries(body.content as Record<string, Json>)) {
      const schema = content.schema as Json;
      lines.push(`Body \`${media}\`: ${typeOf(schema)}`, '');
      if (!schema.$ref && schema.properties) lines.push(...propertiesTable(schema));
    }
  }
  lines.push('| status | answer | body | headers |', '|---|---|---|---|');
  for (const [status, raw] of Object.entries(op.responses as Record<string, Json>)) {
    if (typeof raw.$ref === 'string') {
      // Shared problem answers: their meaning is in the Errors section.
      const words = raw.$ref
        .split('/')
        .pop()!
        .replace(/(?<=[a-z])(?=[A-Z])/g, ' ');
      lines.push(`| ${status} | [${words.charAt(0) + words.slice(1).toLowerCase()}](#errors) | Problem |  |`);
      continue;
    }
    const response = raw;
    const content = Object.entries((response.content ?? {}) as Record<string, Json>)
      .map(([media, c]) => `${typeOf(c.schema as Json)} \`${media}\``)
      .join(', ');
    const headers = Object.keys((response.headers ?? {}) as Json)
      .map((h) => `\`${h}\``)
      .join(', ');
    lines.push(`| ${status} | ${cell(response.description)} | ${cell(content)} | ${headers} |`);
  }
  lines.push('');
  return lines;
}

export function renderMarkdown(doc: Json): string {
  const info = doc.info as Json;
  const paths = doc.paths as Record<string, Json>;
  const ops = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m] as Json })),
  );
  const tags = doc.tags as { name: string; description: string }[];
  const components = doc.components as Json;
  const lines: string[] = [
    `# ${info.title} ${info.version}`,
    '',
    '<!-- Generated by `npm run docs:api` from server/src/openapi/ (served at GET /v3/api-docs). Do not edit by hand. -->',
    '',
    String(info.description),
    '',
    'Authentication: `Authorization: Bearer <id_token>` from `POST /api/authenticate`, except on the public routes. Field-level rules of the business entities (filters, column scope, CSV format) are in [api-entities.md](api-entities.md).',
    '',
    '## Errors',
    '',
    'Every error is `application/problem+json` ([Problem](#schema-problem)).',
    '',
    '| status | meaning |',
    '|---|---|',
    ...Object.values(components.responses as Record<string, Json>).map(
      (r) => `| ${r['x-status']} | ${cell(r.description)} |`,
    ),
    '',
    '## Endpoints',
    '',
    '| method | path | who | summary |',
    '|---|---|---|---|',
    ...ops.map(({ path, method, op }) => {
      const roles = op['x-roles'];
      const who = Array.isArray(roles) ? roles.map((r) => String(r).replace('ROLE_', '')).join(', ') : roles;
      const link = anchor(`${method} ${path}`);
      return `| ${method.toUpperCase()} | [\`${path}\`](#${link}) | ${who} | ${cell(op.summary)} |`;
    }),
    '',
  ];
  for (const tag of tags) {
    const inTag = ops.filter(({ op }) => (op.tags as string[])[0] === tag.name);
    if (!inTag.length) continue;
    lines.push(`## ${tag.name}`, '', `${tag.description}.`, '');
    for (const { path, method, op } of inTag) lines.push(...renderOperation(method, path, op));
  }
  lines.push('## Schemas', '');
  for (const [name, schema] of Object.entries(components.schemas as Record<string, Json>)) {
    lines.push(`### Schema ${name}`, '');
    if (schema.description) lines.push(String(schema.description), '');
    lines.push(...propertiesTable(schema));
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
