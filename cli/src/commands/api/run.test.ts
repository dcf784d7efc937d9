import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { endpoint, Key } from '@extranet/core/contract/endpoint.ts';
import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { fakeDeps, json } from '../../testing/fakeDeps.ts';
import { run } from './run.ts';

const Item = Schema.Struct({ id: Schema.Number, at: Schema.DateFromString });
const contract = {
  items: {
    list: endpoint({
      id: 'getItems',
      group: 'Test',
      method: 'GET',
      path: '/api/items',
      summary: 'Items',
      access: 'signed-in',
      query: Schema.Struct({
        size: Schema.optional(Schema.Number.pipe(Schema.int())),
        open: Schema.optional(Schema.Boolean),
        tag: Schema.optional(Schema.Array(Schema.String)),
      }),
      success: { status: 200, description: 'items', schema: Schema.Array(Item) },
    }),
    note: endpoint({
      id: 'putItemNote',
      group: 'Test',
      method: 'PUT',
      path: '/api/items/{id}/note',
      summary: 'Notes an item',
      access: 'public',
      params: Schema.Struct({ id: Key('item') }),
      body: Schema.Struct({ text: Schema.String }),
      success: { status: 204, description: 'noted' },
    }),
  },
};

const items = [{ id: 1, at: '2026-11-27T06:00:00.000Z' }];

const setup = (options: Parameters<typeof fakeDeps>[0] = {}) => {
  const bodies: unknown[] = [];
  const fake = fakeDeps({
    ...options,
    routes: {
      'GET api/items': () => json(items),
      'PUT api/items/3/note': async (request) => {
        bodies.push(await request.json());
        return new Response(null, { status: 204 });
      },
    },
  });
  return { ...fake, deps: { ...fake.deps, contract }, bodies };
};

describe('extranet api', () => {
  it('lists the operations with their parameters', async () => {
    const fake = setup();
    expect(await run({ list: true }, fake.deps)).toBe(0);
    expect(fake.stdout()).toBe(
      'operationId\tmethod\tpath\taccess\tparameters\tsummary\n' +
        'getItems\tGET\t/api/items\tsigned-in\tsize? open? tag?\tItems\n' +
        'putItemNote\tPUT\t/api/items/{id}/note\tpublic\tid body\tNotes an item\n',
    );
  });

  it('sends query values as their schema takes them and prints the answer as the server sent it', async () => {
    const fake = setup();
    const code = await run(
      { operationId: 'getItems', param: ['size=5', 'open=true', 'tag=a', 'tag=b'] },
      fake.deps,
    );
    expect(code).toBe(0);
    expect(fake.calls).toEqual(['GET api/items?size=5&open=true&tag=a&tag=b']);
    expect(JSON.parse(fake.stdout())).toEqual(items);
  });

  it('refuses a value its schema refuses, and sends nothing', async () => {
    const fake = setup();
    await expect(run({ operationId: 'getItems', param: ['size=2.5'] }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^query parameters refused: size: /),
    });
    await expect(run({ operationId: 'getItems', param: ['size'] }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
      message: 'Invalid --param "size": expected name=value',
    });
    await expect(run({ operationId: 'getItem' }, fake.deps)).rejects.toMatchObject({ exitCode: 2 });
    await expect(run({ operationId: 'getItems', body: '{}' }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
      message: 'getItems takes no body: leave out --body.',
    });
    expect(fake.calls).toEqual([]);
  });

  it('takes a body as JSON, from a file or from stdin; checks it; prints nothing for an empty answer', async () => {
    const fake = setup({ token: undefined });
    const file = join(mkdtempSync(join(tmpdir(), 'extranet-api-')), 'note.json');
    writeFileSync(file, '{"text":"from a file"}');
    expect(await run({ operationId: 'putItemNote', param: ['id=3'], body: `@${file}` }, fake.deps)).toBe(0);
    (fake.deps.io.stdin as PassThrough).end('{"text":"from stdin"}');
    expect(await run({ operationId: 'putItemNote', param: ['id=3'], body: '@-' }, fake.deps)).toBe(0);
    expect(fake.bodies).toEqual([{ text: 'from a file' }, { text: 'from stdin' }]);
    expect(fake.stdout()).toBe('');
    await expect(run({ operationId: 'putItemNote', param: ['id=3'] }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
    });
    await expect(
      run({ operationId: 'putItemNote', param: ['id=3'], body: '{"text":1}' }, fake.deps),
    ).rejects.toMatchObject({ exitCode: 2, message: 'body refused: text: Expected string, actual 1' });
    await expect(
      run({ operationId: 'putItemNote', param: ['id=3'], body: '{text' }, fake.deps),
    ).rejects.toMatchObject({ exitCode: 2 });
    expect(fake.calls).toEqual(['PUT api/items/3/note', 'PUT api/items/3/note']);
  });

  it('needs a session for an endpoint that is not public', async () => {
    const fake = setup({ token: undefined });
    await expect(run({ operationId: 'getItems' }, fake.deps)).rejects.toMatchObject({ exitCode: 3 });
  });
});
