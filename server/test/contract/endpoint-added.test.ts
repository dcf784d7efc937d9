/**
 * The proof that an endpoint is declared once (docs/architecture.md, 'Adding an endpoint'; docs/adr/0003):
 * a throw-away endpoint added to a copy of core's contract is validated by the server (its body,
 * path and permission), described by the OpenAPI document, and callable, typed and decoded, from
 * core's client and from the CLI's `extranet api` command, with no other edit than the declaration
 * and its handler.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { memoryTokenStore } from '@extranet/core/api/config.ts';
import { makeApiRuntime } from '@extranet/core/api/runtime.ts';
import { call } from '@extranet/core/contract/client.ts';
import { CONTRACT } from '@extranet/core/contract/contract.ts';
import { endpoint, Key } from '@extranet/core/contract/endpoint.ts';
import { Id } from '@extranet/core/domain/fields.ts';
import { type AppEvent, createAppEvents } from '@extranet/core/events/appEvents.ts';
import { PERMISSIONS } from '@extranet/core/permissions/table.ts';
import { Schema } from 'effect';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { runCli } from '../../../cli/src/cli.ts';
import { enforceDeclaredAccess, type RouteAccessTable } from '../../src/auth/access.ts';
import { checkAccess, type Principal } from '../../src/auth/plugin.ts';
import { route } from '../../src/contract/route.ts';
import { registerErrorHandler } from '../../src/http/error-handler.ts';
import { alertHeaders } from '../../src/http/problems.ts';
import { openApiDocument } from '../../src/openapi/document.ts';

// The one edit in core: the endpoint, declared in a copy of the contract.
const echo = endpoint({
  id: 'createTrialEcho',
  group: 'Insight',
  method: 'POST',
  path: '/api/trial-echo/{id}',
  summary: 'Echoes a word in capitals (a throw-away endpoint)',
  access: 'portfolio.read',
  objectName: 'trial',
  params: Schema.Struct({ id: Key('the trial') }),
  query: Schema.Struct({ tag: Schema.optional(Schema.String.annotations({ description: 'a tag' })) }),
  body: Schema.Struct({ word: Schema.String.pipe(Schema.minLength(2)) }).annotations({
    identifier: 'TrialInput',
  }),
  success: {
    status: 201,
    description: 'the word in capitals',
    schema: Schema.Struct({ id: Id, word: Schema.String, tag: Schema.NullOr(Schema.String) }).annotations({
      identifier: 'TrialAnswer',
    }),
    headers: ['alert'],
    alert: 'extranetApp.trial.created',
  },
  errors: ['BadRequest', 'NotFound'],
});
const contract = { ...CONTRACT, trial: { echo } };

/** Bearer tokens naming a test account: the roles come from the token itself. */
const ACCOUNTS: Record<string, readonly string[]> = {
  portefeuille: ['ROLE_USER', 'ROLE_PORTEFEUILLE'],
  compta: ['ROLE_USER', 'ROLE_COMPTA'],
};

describe('an endpoint added to the contract', () => {
  let app: FastifyInstance;
  let access: RouteAccessTable;
  let baseUrl: string;
  /** Requests the server received, to see that a refused command line sends nothing. */
  let received = 0;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    access = enforceDeclaredAccess(app);
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request) => {
      received += 1;
      // `portefeuille`, or a JWT-shaped `portefeuille.trial.` as the CLI's EXTRANET_TOKEN must be.
      const login = /^Bearer (\w+)(?:\.\w*\.\w*)?$/.exec(request.headers.authorization ?? '')?.[1];
      const roles = login === undefined ? undefined : ACCOUNTS[login];
      request.principal = roles
        ? ({ id: 1, login: login!, authorities: roles, codeCourtier: 'C0001' } as unknown as Principal)
        : null;
      checkAccess(request);
    });
    // Its handler: the one edit on the server.
    route(app, contract.trial.echo, async ({ params, query, body }, _request, reply) => {
      reply.headers(alertHeaders('extranetApp.trial.created', params.id));
      return { id: params.id, word: body.word.toUpperCase(), tag: query.tag ?? null };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (url: string, body: unknown, login?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: login ? { authorization: `Bearer ${login}` } : {},
    });

  it('is registered with its permission as its access rule and validated by the server', async () => {
    expect(access.get('POST /api/trial-echo/:id')).toEqual({ permissions: ['portfolio.read'] });
    expect((await post('/api/trial-echo/7', { word: 'ok' })).statusCode).toBe(401);
    expect((await post('/api/trial-echo/7', { word: 'ok' }, 'compta')).statusCode).toBe(403);
    const short = await post('/api/trial-echo/7', { word: 'x' }, 'portefeuille');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      message: 'error.validation',
      fieldErrors: [{ objectName: 'trial', field: 'word', message: 'Size' }],
    });
    const missing = await post('/api/trial-echo/7', {}, 'portefeuille');
    expect(missing.json().fieldErrors).toEqual([{ objectName: 'trial', field: 'word', message: 'NotNull' }]);
    // A key its schema refuses cannot exist: 404, as an unknown one.
    expect((await post('/api/trial-echo/abc', { word: 'ok' }, 'portefeuille')).statusCode).toBe(404);
    const ok = await post('/api/trial-echo/7?tag=t', { word: 'ok' }, 'portefeuille');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ id: 7, word: 'OK', tag: 't' });
  });

  it('is in the OpenAPI document, with its permission, parameters, body and answer', () => {
    const doc = openApiDocument('test', contract) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, unknown> };
    };
    const operation = doc.paths['/api/trial-echo/{id}']!.post!;
    expect(operation).toMatchObject({
      operationId: 'createTrialEcho',
      tags: ['Insight'],
      'x-permission': 'portfolio.read',
      'x-roles': PERMISSIONS['portfolio.read'],
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        { name: 'tag', in: 'query', description: 'a tag', schema: { type: 'string' } },
      ],
      requestBody: {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/TrialInput' } } },
      },
    });
    const responses = operation.responses as Record<string, Record<string, unknown>>;
    expect(Object.keys(responses).sort()).toEqual(['201', '400', '401', '403', '404']);
    expect(Object.keys(responses['201']!.headers as object)).toEqual([
      'X-extranetApp-alert',
      'X-extranetApp-params',
    ]);
    expect(doc.components.schemas.TrialAnswer).toMatchObject({
      type: 'object',
      required: ['id', 'word', 'tag'],
      additionalProperties: false,
    });
    expect(doc.components.schemas.TrialInput).toMatchObject({ required: ['word'] });
    // Core's own contract is left as it was.
    expect(openApiDocument('test').paths).not.toHaveProperty(['/api/trial-echo/{id}']);
  });

  it("is callable, typed and decoded, from core's client, its alert on the event stream", async () => {
    const events = createAppEvents();
    const seen: AppEvent[] = [];
    events.subscribe((event) => seen.push(event));
    const runtime = makeApiRuntime({ baseUrl, tokens: memoryTokenStore('portefeuille'), events });
    const answer = await runtime.run(
      call(contract.trial.echo, { params: { id: 7 }, query: { tag: 't' }, body: { word: 'ok' } }),
    );
    expectTypeOf(answer).toEqualTypeOf<{
      readonly id: number;
      readonly word: string;
      readonly tag: string | null;
    }>();
    expect(answer).toEqual({ id: 7, word: 'OK', tag: 't' });
    expect(seen.map((event) => event.type)).toEqual(['alert.success']);
    // A body its own schema refuses is never sent; the server's refusal is core's typed HTTP error.
    const invalid = await runtime
      .run(call(contract.trial.echo, { params: { id: 7 }, body: { word: 'x' } }))
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({ _tag: 'DecodeError' });
    const compta = makeApiRuntime({ baseUrl, tokens: memoryTokenStore('compta'), events });
    const refused = await compta
      .run(call(contract.trial.echo, { params: { id: 7 }, body: { word: 'ok' } }))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ _tag: 'HttpError', status: 403, problem: { status: 403 } });
  });

  /** `extranet …` in process, over core's contract copy, signed in as `login` by EXTRANET_TOKEN. */
  const extranet = async (login: string, ...argv: string[]) => {
    let stdout = '';
    let stderr = '';
    const sink = (write: (text: string) => void) =>
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          write(chunk.toString());
          done();
        },
      });
    const io = {
      stdout: sink((text) => {
        stdout += text;
      }),
      stderr: sink((text) => {
        stderr += text;
      }),
      stdin: new PassThrough(),
      env: {
        EXTRANET_LANG: 'en',
        EXTRANET_TOKEN: `${login}.trial.`,
        EXTRANET_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'extranet-trial-')),
      },
    };
    const code = await runCli([...argv, '--server', baseUrl], io, { contract });
    return { code, stdout, stderr };
  };

  it("is a CLI command: 'extranet api' lists it, checks its input by its schemas and prints the decoded answer", async () => {
    const listed = await extranet('portefeuille', 'api', '--list');
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n')).toContain(
      'createTrialEcho\tPOST\t/api/trial-echo/{id}\tportfolio.read\tid tag? body\tEchoes a word in capitals (a throw-away endpoint)',
    );
    const ok = await extranet(
      'portefeuille',
      'api',
      'createTrialEcho',
      '--param',
      'id=7',
      '--param',
      'tag=t',
      '--body',
      '{"word":"ok"}',
    );
    expect(ok).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ id: 7, word: 'OK', tag: 't' }, null, 2)}\n`,
      stderr: '',
    });
    // Refused before anything is sent: the path parameter, the body, an unknown parameter.
    const before = received;
    expect(
      await extranet(
        'portefeuille',
        'api',
        'createTrialEcho',
        '--param',
        'id=abc',
        '--body',
        '{"word":"ok"}',
      ),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr: 'extranet: path parameters refused: id: Unable to decode "abc" into a number\n',
    });
    expect(
      await extranet('portefeuille', 'api', 'createTrialEcho', '--param', 'id=7', '--body', '{"word":"x"}'),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr: 'extranet: body refused: word: Expected a string at least 2 character(s) long, actual "x"\n',
    });
    expect(await extranet('portefeuille', 'api', 'createTrialEcho', '--param', 'colour=red')).toMatchObject({
      code: 2,
      stderr: 'extranet: Unknown parameter "colour" for createTrialEcho (known: id, tag)\n',
    });
    expect(received).toBe(before);
    // The server's refusal of the account: exit 3, as every command.
    expect(
      await extranet('compta', 'api', 'createTrialEcho', '--param', 'id=7', '--body', '{"word":"ok"}'),
    ).toMatchObject({ code: 3, stdout: '' });
  });
});
