/**
 * A text-or-JSON body (`textBody`, the password change and the reset request): a throw-away
 * endpoint taking `{ word }` or the bare word as `text/plain`. The server reads the text, a JSON
 * string and the JSON object alike and checks each with the declared schema; the document offers
 * both media types; core's client sends the bare text when the body holds that property alone.
 */
import type { AddressInfo } from 'node:net';
import { memoryTokenStore } from '@extranet/core/api/config.ts';
import { makeApiRuntime } from '@extranet/core/api/runtime.ts';
import { call } from '@extranet/core/contract/client.ts';
import { CONTRACT } from '@extranet/core/contract/contract.ts';
import { endpoint } from '@extranet/core/contract/endpoint.ts';
import { createAppEvents } from '@extranet/core/events/appEvents.ts';
import { Schema } from 'effect';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforceDeclaredAccess } from '../../src/auth/access.ts';
import { route } from '../../src/contract/route.ts';
import { registerErrorHandler } from '../../src/http/error-handler.ts';
import { textBodyPlugin } from '../../src/http/text-body.ts';
import { openApiDocument } from '../../src/openapi/document.ts';

const shout = endpoint({
  id: 'trialShout',
  group: 'Insight',
  method: 'POST',
  path: '/api/trial-shout',
  summary: 'Echoes a word in capitals, and how it came (a throw-away endpoint)',
  access: 'public',
  objectName: 'trial',
  textBody: 'word',
  body: Schema.Struct({
    word: Schema.String.pipe(Schema.maxLength(5)),
    loud: Schema.optional(Schema.Boolean),
  }),
  success: {
    status: 200,
    description: 'the word',
    schema: Schema.Struct({ word: Schema.String, as: Schema.String }),
  },
  errors: ['BadRequest'],
});

describe('a text-or-JSON body', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    enforceDeclaredAccess(app);
    await app.register(textBodyPlugin, { bodyLimit: 1024 });
    route(app, shout, async ({ body }, request) => ({
      word: body.loud ? body.word.toUpperCase() : body.word,
      as: String(request.headers['content-type']),
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (payload: string, type: string) =>
    app.inject({ method: 'POST', url: '/api/trial-shout', payload, headers: { 'content-type': type } });

  it('is read as its property from text, a JSON string or the JSON object, and checked by its schema', async () => {
    expect((await post('hey', 'text/plain')).json()).toMatchObject({ word: 'hey' });
    expect((await post('"hey"', 'application/json')).json()).toMatchObject({ word: 'hey' });
    expect((await post('{"word":"hey","loud":true}', 'application/json')).json()).toMatchObject({
      word: 'HEY',
    });
    const long = await post('toolong', 'text/plain');
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual([{ objectName: 'trial', field: 'word', message: 'Size' }]);
  });

  it('is documented as JSON or text', () => {
    const doc = openApiDocument('test', { ...CONTRACT, trial: { shout } }) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, unknown> } }>>;
    };
    expect(Object.keys(doc.paths['/api/trial-shout']!.post!.requestBody.content)).toEqual([
      'application/json',
      'text/plain',
    ]);
  });

  it("is sent by core's client as the bare text when it holds that property alone", async () => {
    const runtime = makeApiRuntime({ baseUrl, tokens: memoryTokenStore(), events: createAppEvents() });
    const bare = await runtime.run(call(shout, { body: { word: 'hey' } }));
    expect(bare).toEqual({ word: 'hey', as: expect.stringContaining('text/plain') });
    const whole = await runtime.run(call(shout, { body: { word: 'hey', loud: true } }));
    expect(whole).toEqual({ word: 'HEY', as: expect.stringContaining('application/json') });
  });
});
