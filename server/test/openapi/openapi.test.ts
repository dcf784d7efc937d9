/**
 * The OpenAPI document against the running app: its operations are exactly the routes Fastify
 * registered (so neither can drift), every reference resolves, every path parameter is
 * declared, and what it says about tokens is what the server does.
 */
import { beforeAll, expect, it } from 'vitest';
import { forEachApp } from '../helpers.ts';

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/**
 * `METHOD /path/{param}` of every route in `printRoutes({ commonPrefix: false })`: a tree whose
 * lines are a segment (appended to the parent's path) and its methods. HEAD twins of GET and
 * the web app's index and catch-all are left out (how the tree prints `/` depends on which other
 * routes share its first letters).
 */
export function registeredRoutes(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    if (path === '*' || path === '/' || !match[3]) continue;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') out.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return out.sort();
}

function operations(doc: Json): { key: string; path: string; method: string; op: Json }[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({
      key: `${m.toUpperCase()} ${path}`,
      path,
      method: m,
      op: item[m] as Json,
    })),
  );
}

function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refs(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') found.push(v);
      else refs(v, found);
    }
  }
  return found;
}

forEachApp(
  (_kind, ctx) => {
    let doc: Json;
    beforeAll(async () => {
      const response = await ctx().app.inject({ method: 'GET', url: '/v3/api-docs' });
      expect(response.statusCode).toBe(200);
      doc = response.json();
    });

    it('is an OpenAPI 3.1 document served to anyone as JSON', async () => {
      const response = await ctx().app.inject({ method: 'GET', url: '/v3/api-docs' });
      expect(response.headers['content-type']).toContain('application/json');
      expect(doc).toMatchObject({ openapi: '3.1.0', info: { version: '1.0.3' } });
    });

    it('describes exactly the routes the server registered', () => {
      const routes = registeredRoutes(ctx().app.printRoutes({ commonPrefix: false }));
      // The parser itself must find the routes it is trusted with.
      expect(routes).toContain('GET /api/commissions/download/{id}');
      expect(routes).toContain('GET /api/police-assures/{idAssure}');
      expect(routes).toContain('POST /api/messages');
      expect(routes.length).toBeGreaterThan(60);
      expect(
        operations(doc)
          .map((o) => o.key)
          .sort(),
      ).toEqual(routes);
    });

    it('resolves every reference and declares every path parameter', () => {
      const components = doc.components as Record<string, Record<string, unknown>>;
      for (const target of new Set(refs(doc))) {
        const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(target) ?? [];
        expect(components[section!]?.[name!], target).toBeDefined();
      }
      const ids = new Set<string>();
      for (const { key, path, op } of operations(doc)) {
        expect(ids.has(op.operationId as string), `${key} operationId`).toBe(false);
        ids.add(op.operationId as string);
        expect(Object.keys(op.responses as Json).length, key).toBeGreaterThan(0);
        const declared = ((op.parameters as Json[] | undefined) ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name);
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(declared.sort(), key).toEqual(inPath.sort());
      }
    });

    it('marks public exactly the routes whose access rule is public', () => {
      for (const { key, op } of operations(doc)) {
        const fastifyKey = key.replace(/\{(\w+)\}/g, ':$1');
        const isPublic = ctx().app.routeAccess.get(fastifyKey) === 'public';
        expect(op['x-roles'] === 'public', key).toBe(isPublic);
        expect(op.security, key).toEqual(isPublic ? [] : undefined);
      }
    });

    it('answers 401 without a token on every route it says needs one', async () => {
      for (const { key, path, method, op } of operations(doc)) {
        if (op['x-roles'] === 'public') continue;
        const url = path.replace(/\{\w+\}/g, '1');
        const response = await ctx().app.inject({ method: method.toUpperCase() as 'GET', url });
        expect(response.statusCode, key).toBe(401);
        expect((op.responses as Json)['401'], key).toBeDefined();
      }
    });
  },
  { seed: false },
);
