import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { IdBordereau, IdPolice } from '../domain/ids.ts';
import { jsonResponse, runFake } from '../testing/fakeHttp.ts';
import { sampleUser } from '../testing/userSamples.ts';
import { changePassword, finishPasswordReset, register, requestPasswordReset } from './accountFlowsApi.ts';
import { fileNameFromDisposition } from './download.ts';
import { insuredApi, policeApi, statementApi, timelineApi } from './entitiesApi.ts';
import type { ListQuery } from './listParams.ts';
import { managementApi } from './managementApi.ts';
import { sendMessage, uploadFiles } from './messageApi.ts';
import { userApi } from './userApi.ts';

const query: ListQuery = { filters: {}, q: '', preset: null, sort: [], page: 0, size: 10 };
const policy = { id: 1, idPolice: 1001, police: 'P-1001', cotisationTtc: 45.5 };

describe('entity calls', () => {
  it('lists policies as a typed page read from X-Total-Count, Link and X-Scope-Count', async () => {
    const { value, seen } = await runFake(
      policeApi.list({ ...query, filters: { statut: { op: 'in', values: ['En cours'] } }, q: 'dup' }),
      () =>
        jsonResponse([policy], {
          headers: {
            'X-Total-Count': '31',
            'X-Scope-Count': '120',
            Link: '</api/police?page=1&size=10>; rel="next",</api/police?page=3&size=10>; rel="last",</api/police?page=0&size=10>; rel="first"',
          },
        }),
    );
    expect(seen[0]?.url.pathname).toBe('/api/police');
    expect(seen[0]?.url.searchParams.get('statut.in')).toBe('En cours');
    expect(seen[0]?.url.searchParams.get('q')).toBe('dup');
    expect(value).toMatchObject({ total: 31, scopeTotal: 120, links: { next: 1, last: 3, first: 0 } });
    expect(value?.items[0]?.idPolice).toBe(1001);
  });

  it("reads a filter field's choices from <list>/distinct/{field}, and refuses a malformed one", async () => {
    const choices = [
      { value: 'A0101', label: 'Lefèvre Conseil' },
      { value: 'A0102', label: null },
    ];
    const { value, seen } = await runFake(policeApi.distinct('codeApporteur'), () => jsonResponse(choices));
    expect(seen[0]?.url.pathname).toBe('/api/police/distinct/codeApporteur');
    expect(value).toEqual(choices);
    const insured = await runFake(insuredApi.distinct('motifResil'), () => jsonResponse([{ value: 3 }]));
    expect(insured.seen[0]?.url.pathname).toBe('/api/police-assures/distinct/motifResil');
    expect(insured.result).toMatchObject({ _tag: 'Left', left: { _tag: 'DecodeError' } });
  });

  it('reads the statements total paid from X-Total-Amount, in cents', async () => {
    const { value } = await runFake(statementApi.list(query), () =>
      jsonResponse([], { headers: { 'X-Total-Count': '0', 'X-Total-Amount': '1234.56' } }),
    );
    expect(value?.totalAmount).toBe(123456);
  });

  it('fails with a DecodeError on a malformed body or total', async () => {
    const bad = await runFake(policeApi.list(query), () => jsonResponse([{ id: 'x' }]));
    expect(bad.result).toMatchObject({ _tag: 'Left', left: { _tag: 'DecodeError' } });
    const total = await runFake(policeApi.list(query), () =>
      jsonResponse([], { headers: { 'X-Total-Count': 'many' } }),
    );
    expect(total.result).toMatchObject({ _tag: 'Left', left: { _tag: 'DecodeError' } });
  });

  it('sends the timeline type selection as type=…, and child lists by business key', async () => {
    const { seen } = await runFake(
      timelineApi.list({ ...query, filters: { typeMessage: { op: 'in', values: ['AFN', 'RSL'] } } }),
      () => jsonResponse([], { headers: { 'X-Total-Count': '0' } }),
    );
    expect(seen[0]?.url.searchParams.get('type')).toBe('AFN,RSL');
    expect(seen[0]?.url.searchParams.has('typeMessage.in')).toBe(false);
    const insured = await runFake(insuredApi.ofPolicy(IdPolice.make(1001)), () => jsonResponse([]));
    expect(insured.seen[0]?.url.pathname).toBe('/api/assures/1001');
  });

  it('downloads a PDF with the file name of Content-Disposition', async () => {
    const { value, seen, events } = await runFake(
      statementApi.downloadPdf(IdBordereau.make(42)),
      () =>
        new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            'content-length': '4',
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="b.pdf"; filename*=UTF-8''bordereau%20d%C3%A9c.pdf`,
          },
        }),
    );
    expect(seen[0]?.url.pathname).toBe('/api/commissions/download/42');
    expect(value?.fileName).toBe('bordereau déc.pdf');
    expect(value?.blob.size).toBe(4);
    expect(new Uint8Array(await value!.blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(events.at(-1)).toEqual({ type: 'download.progress', loaded: 4, total: 4 });
    expect(fileNameFromDisposition('attachment; filename="police.csv"', 'x')).toBe('police.csv');
    expect(fileNameFromDisposition(undefined, 'x.csv')).toBe('x.csv');
  });

  it('sends admin writes as given, for the server to check, and reads the row and alert it answers', async () => {
    // A date and an amount the server refuses go as typed: its field errors are what a form shows.
    const row = { idPolice: 1001, dateEffet: '31/12/2020', cotisationTtc: 1.005 };
    const alert = { 'X-extranetApp-alert': 'extranetApp.police.created', 'X-extranetApp-params': '1001' };
    const created = await runFake(policeApi.create(row), () =>
      jsonResponse(policy, { status: 201, headers: alert }),
    );
    expect(created.seen[0]?.method).toBe('POST');
    expect(created.seen[0]?.url.pathname).toBe('/api/police');
    expect(JSON.parse(created.seen[0]?.text ?? '')).toEqual(row);
    expect(created.value?.idPolice).toBe(1001);
    expect(created.events).toEqual([expect.objectContaining({ type: 'alert.success' })]);
    const updated = await runFake(policeApi.update(row), () => jsonResponse(policy));
    expect(updated.seen[0]?.method).toBe('PUT');
    expect(updated.seen[0]?.url.pathname).toBe('/api/police');
    const removed = await runFake(policeApi.remove(IdPolice.make(1001)), () => new Response(null));
    expect(removed.seen[0]?.method).toBe('DELETE');
    expect(removed.seen[0]?.url.pathname).toBe('/api/police/1001');
    expect(removed.result._tag).toBe('Right');
  });

  it('exports CSV with the selection and columns', async () => {
    const { seen, value } = await runFake(
      policeApi.exportCsv({ filters: {}, q: 'a', preset: 'VIG', sort: [] }, ['police', 'risque']),
      () => new Response('\uFEFFPolice;Risque\r\n', { headers: { 'content-type': 'text/csv' } }),
    );
    expect(seen[0]?.url.pathname).toBe('/api/police/export.csv');
    expect(seen[0]?.url.searchParams.get('columns')).toBe('police,risque');
    expect(seen[0]?.url.searchParams.get('preset')).toBe('VIG');
    expect(value?.fileName).toBe('police.csv');
  });
});

describe('account calls', () => {
  it('sends change-password and reset init as text/plain, finish and register as JSON', async () => {
    const answer = () => new Response(null, { status: 200 });
    const change = await runFake(changePassword('Nouveau-Mot2passe!'), answer);
    expect(change.seen[0]?.headers['content-type']).toContain('text/plain');
    expect(change.seen[0]?.text).toBe('Nouveau-Mot2passe!');
    const init = await runFake(requestPasswordReset('a@b.fr'), answer);
    expect(init.seen[0]?.text).toBe('a@b.fr');
    const finish = await runFake(finishPasswordReset({ key: 'k', newPassword: 'p' }), answer);
    expect(JSON.parse(finish.seen[0]?.text ?? '')).toEqual({ key: 'k', newPassword: 'p' });
    const reg = await runFake(
      register({ login: 'joe', email: 'joe@x.fr', password: 'p', langKey: 'fr' }),
      () => new Response(null, { status: 201 }),
    );
    expect(reg.result._tag).toBe('Right');
  });

  it('keeps the renewed token a password change answers with, for the next calls', async () => {
    const { seen } = await runFake(
      Effect.zipRight(
        changePassword('Nouveau-Mot2passe!'),
        register({ login: 'x', email: 'x@x.fr', password: 'p', langKey: 'fr' }),
      ),
      (request) =>
        request.url.pathname.endsWith('change-password')
          ? new Response(null, { status: 200, headers: { Authorization: 'Bearer renewed' } })
          : new Response(null, { status: 201 }),
      { token: 'old' },
    );
    expect(seen[0]?.headers.authorization).toBe('Bearer old');
    expect(seen[1]?.headers.authorization).toBe('Bearer renewed');
  });
});

const ADMIN_USER = sampleUser('admin', {
  id: 1,
  email: 'admin@localhost',
  codeCourtier: null,
  authorities: ['ROLE_ADMIN'],
});

describe('users, management and messages', () => {
  it('lists users with paging and deletes by login', async () => {
    const { seen, value } = await runFake(
      userApi.list({ page: 1, size: 20, sort: [{ field: 'login', dir: 'asc' }] }),
      () =>
        jsonResponse([ADMIN_USER], {
          headers: { 'X-Total-Count': '21' },
        }),
    );
    expect(seen[0]?.url.search).toBe('?page=1&size=20&sort=login%2Casc');
    expect(value?.items[0]?.login).toBe('admin');
    const removed = await runFake(userApi.remove('jo.e@x'), () => new Response(null));
    expect(removed.seen[0]?.method).toBe('DELETE');
    expect(removed.seen[0]?.url.pathname).toBe('/api/users/jo.e%40x');
  });

  it('reads the health body on 503 without raising an error alert', async () => {
    const { value, events } = await runFake(managementApi.health(), () =>
      jsonResponse({ status: 'DOWN', db: { status: 'DOWN', error: 'refused' } }, { status: 503 }),
    );
    expect(value?.status).toBe('DOWN');
    expect(value?.items[0]).toMatchObject({ name: 'db', error: 'refused' });
    expect(events).toEqual([]);
  });

  it('uploads files as multipart field files and sends the message form', async () => {
    const files = [new File(['abc'], 'a.txt'), new File(['defg'], 'b.pdf')];
    const upload = await runFake(uploadFiles(files), () => new Response(null));
    expect(upload.seen[0]?.form?.getAll('files')).toHaveLength(2);
    expect(upload.value).toEqual([
      { name: 'a.txt', size: 3 },
      { name: 'b.pdf', size: 4 },
    ]);
    const sent = await runFake(
      sendMessage({
        subject: 'Autre',
        body: '<p>Bonjour</p>',
        idPolice: IdPolice.make(7),
        attachments: files,
      }),
      () => new Response(null),
    );
    const form = sent.seen[0]?.form;
    expect(sent.seen[0]?.url.pathname).toBe('/api/messages');
    expect(form?.get('id_police')).toBe('7');
    expect(form?.get('subject')).toBe('Autre');
    expect(sent.seen[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('maps an unreachable server to ServerUnreachable and a 404 to HttpError', async () => {
    const down = await runFake(userApi.get('admin'), () => 'unreachable');
    expect(down.result).toMatchObject({ _tag: 'Left', left: { _tag: 'ServerUnreachable' } });
    expect(down.events[0]).toMatchObject({
      type: 'http.error',
      message: { key: 'error.server.not.reachable' },
    });
    const missing = await runFake(
      Effect.either(userApi.get('ghost')),
      () => new Response('', { status: 404 }),
    );
    expect(missing.value).toMatchObject({ _tag: 'Left', left: { _tag: 'HttpError', status: 404 } });
  });
});
