/**
 * The API client against the real server, in-process: `start()` on port 0 with an embedded
 * database, the demo accounts and data, then every call the server already serves, through
 * `makeApiRuntime` and fetch exactly as the web and the CLI run them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Running, start } from '@extranet/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  type ApiRuntime,
  type AppEvent,
  authenticate,
  changePassword,
  createAppEvents,
  getAccount,
  getProfileInfo,
  insuredApi,
  LIST_SPECS,
  type ListQuery,
  makeApiRuntime,
  managementApi,
  memoryTokenStore,
  movementApi,
  policeApi,
  provideList,
  provideRegister,
  provideResetRequest,
  provideStatementDetail,
  provideUserAdmin,
  register,
  requestPasswordReset,
  saveAccount,
  statementApi,
  timelineApi,
  userApi,
} from '../src/index.ts';

let server: Running;
const events: AppEvent[] = [];

const runtimeFor = (baseUrl: string): ApiRuntime => {
  const appEvents = createAppEvents();
  appEvents.subscribe((event) => events.push(event));
  return makeApiRuntime({ baseUrl, tokens: memoryTokenStore(), events: appEvents });
};
const signedIn = async (login: string) => {
  const runtime = runtimeFor(`${server.url}/`);
  const { token } = await runtime.run(authenticate({ username: login, password: login, rememberMe: false }));
  runtime.config.tokens.save(token, false);
  return runtime;
};
const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as { _tag: string; status?: number; problem?: { type?: string } };
  }
  throw new Error('expected a failure');
};
const query = (over: Partial<ListQuery> = {}): ListQuery => ({
  filters: {},
  q: '',
  preset: null,
  sort: [],
  page: 0,
  size: 10,
  ...over,
});

beforeAll(async () => {
  server = await start({
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'core-real-server-')),
      JWT_SECRET: 'core-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGHIJKLMNOP',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
      SIGNIN_LIMIT_PER_IP: '100000',
      SIGNIN_LIMIT_PER_LOGIN: '100000',
    },
    handleSignals: false,
    print: () => {},
  });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('client against the real server: account', () => {
  it('signs in, reads the identity and the profile', async () => {
    const runtime = await signedIn('courtier');
    const account = await runtime.run(getAccount());
    expect(account).toMatchObject({ login: 'courtier', codeCourtier: 'C0001', marque: 'UCR' });
    expect(account.authorities).toContain('ROLE_PORTEFEUILLE');
    const profile = await runtime.run(getProfileInfo());
    expect(Array.isArray(profile.activeProfiles)).toBe(true);
  });

  it('maps bad credentials to a 401 without ending a session', async () => {
    const runtime = runtimeFor(`${server.url}/`);
    const error = await failure(
      runtime.run(authenticate({ username: 'courtier', password: 'nope', rememberMe: false })),
    );
    expect(error).toMatchObject({ _tag: 'HttpError', status: 401 });
  });

  it('ends the session on a 401 from an entity call with a bad token', async () => {
    const runtime = runtimeFor(`${server.url}/`);
    runtime.config.tokens.save('not-a-token', false);
    events.length = 0;
    await failure(runtime.run(policeApi.list(query())));
    expect(events.map((e) => e.type)).toContain('session.expired');
  });

  it('registers, refuses the same login again with login-already-used', async () => {
    const runtime = runtimeFor(`${server.url}/`);
    await runtime.run(
      register({
        login: 'core-joe',
        email: 'core-joe@example.fr',
        password: 'Valid-Passw0rd!',
        langKey: 'fr',
      }),
    );
    const actor = createActor(provideRegister(runtime), { input: { values: { langKey: 'fr' } } }).start();
    for (const [field, value] of [
      ['login', 'core-joe'],
      ['email', 'other-joe@example.fr'],
      ['password', 'Valid-Passw0rd!'],
      ['confirmPassword', 'Valid-Passw0rd!'],
    ] as const)
      actor.send({ type: 'field.change', field, value });
    actor.send({ type: 'submit' });
    const done = await waitFor(actor, (s) => s.matches('failure') || s.matches('success'));
    expect(done.context.error).toEqual({ key: 'register.messages.error.userexists' });
  });

  it('reset request: an unknown e-mail is email-not-found, a known one succeeds', async () => {
    const runtime = runtimeFor(`${server.url}/`);
    const actor = createActor(provideResetRequest(runtime), { input: {} }).start();
    actor.send({ type: 'field.change', field: 'email', value: 'nobody@example.fr' });
    actor.send({ type: 'submit' });
    const failed = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(failed.context.error).toEqual({ key: 'reset.request.messages.notfound' });
    const account = await (await signedIn('user')).run(getAccount());
    await runtime.run(requestPasswordReset(account.email ?? ''));
  });

  it('saves settings and changes the password as text/plain', async () => {
    const runtime = await signedIn('portefeuille');
    const account = await runtime.run(getAccount());
    await runtime.run(
      saveAccount({
        activated: true,
        login: account.login,
        imageUrl: null,
        email: account.email ?? '',
        firstName: 'Paule',
        lastName: 'Portefeuille',
        langKey: 'en',
      }),
    );
    expect(await runtime.run(getAccount())).toMatchObject({ firstName: 'Paule', langKey: 'en' });
    await runtime.run(changePassword('Portefeuille-2024!'));
    // The change ended the session's token; the renewed one the answer carried is in use.
    expect(await runtime.run(getAccount())).toMatchObject({ login: 'portefeuille' });
    const again = runtimeFor(`${server.url}/`);
    const { token } = await again.run(
      authenticate({ username: 'portefeuille', password: 'Portefeuille-2024!', rememberMe: false }),
    );
    expect(token.length).toBeGreaterThan(10);
  });
});

describe('client against the real server: entities', () => {
  it('lists policies as a typed page with filters, sort and paging headers', async () => {
    const runtime = await signedIn('courtier');
    const page = await runtime.run(
      policeApi.list(query({ size: 5, sort: [{ field: 'police', dir: 'asc' }], preset: 'NOF' })),
    );
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
    expect(page.scopeTotal).toBeGreaterThanOrEqual(page.total);
    if (page.total > 5) expect(page.links.next).toBe(1);
    const sorted = page.items.map((p) => p.police ?? '');
    expect([...sorted].sort()).toEqual(sorted);
    const first = page.items[0]!;
    const detail = await runtime.run(policeApi.get(first.idPolice));
    expect(detail.idPolice).toBe(first.idPolice);
    const filtered = await runtime.run(
      policeApi.list(query({ filters: { police: { op: 'startsWith', value: first.police ?? '' } } })),
    );
    expect(filtered.items.some((p) => p.idPolice === first.idPolice)).toBe(true);
    const insured = await runtime.run(insuredApi.ofPolicy(first.idPolice));
    expect(Array.isArray(insured)).toBe(true);
  });

  it('answers 404 for a policy outside the scope and 400 naming an unknown filter', async () => {
    const runtime = await signedIn('courtier');
    expect(await failure(runtime.run(policeApi.get(999_999_999)))).toMatchObject({ status: 404 });
    const bad = await failure(
      runtime.run(policeApi.list(query({ filters: { nope: { op: 'equals', value: 'x' } } }))),
    );
    expect(bad).toMatchObject({ _tag: 'HttpError', status: 400 });
  });

  it('runs the list machine on the real server', async () => {
    const runtime = await signedIn('courtier');
    const actor = createActor(provideList(runtime, 'police', { save: () => {} }), {
      input: { spec: LIST_SPECS.police },
    }).start();
    const ready = await waitFor(actor, (s) => s.matches({ data: 'ready' }) || s.matches({ data: 'failure' }));
    expect(ready.context.page?.items.length).toBeGreaterThan(0);
    actor.send({ type: 'export.request' });
    const exported = await waitFor(actor, (s) => !s.hasTag('exporting'));
    expect(exported.context.exported).toMatch(/\.csv$/);
  });

  it('lists statements with the total paid, recap lines, lines and the PDF', async () => {
    const runtime = await signedIn('courtier');
    const page = await runtime.run(statementApi.list(query({ size: 12 })));
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.totalAmount).toBeTypeOf('number');
    const statement = page.items.find((s) => s.fichierBordereau) ?? page.items[0]!;
    const recap = await runtime.run(statementApi.recap(statement.idBordereau));
    expect(Array.isArray(recap)).toBe(true);
    const lines = await runtime.run(movementApi.ofStatement(statement.idBordereau, query()));
    expect(lines.total).toBeGreaterThanOrEqual(0);
    if (statement.fichierBordereau) {
      const pdf = await runtime.run(statementApi.downloadPdf(statement.idBordereau));
      expect(pdf.fileName).toMatch(/\.pdf$/);
      expect(pdf.blob.size).toBeGreaterThan(0);
    }
  });

  it('lists the timeline by type and a policy history', async () => {
    const runtime = await signedIn('courtier');
    const page = await runtime.run(
      timelineApi.list(query({ filters: { typeMessage: { op: 'in', values: ['AFN', 'RSL'] } } })),
    );
    expect(page.items.every((e) => e.typeMessage === 'AFN' || e.typeMessage === 'RSL')).toBe(true);
    const event = page.items[0];
    if (event?.idPolice != null) {
      const history = await runtime.run(timelineApi.ofPolicy(event.idPolice));
      expect(history.length).toBeGreaterThan(0);
    }
  });
});

describe('client against the real server: more entity calls', () => {
  it('reads insured persons, movements, a timeline event and a policy movements list', async () => {
    const runtime = await signedIn('courtier');
    const insured = await runtime.run(insuredApi.list(query({ sort: [{ field: 'police', dir: 'asc' }] })));
    expect(insured.items.length).toBeGreaterThan(0);
    const person = insured.items[0]!;
    expect((await runtime.run(insuredApi.get(person.idAssure))).idAssure).toBe(person.idAssure);
    const movements = await runtime.run(movementApi.list(query({ size: 5 })));
    expect(movements.items.length).toBeGreaterThan(0);
    const movement = movements.items[0]!;
    expect((await runtime.run(movementApi.get(movement.id))).id).toBe(movement.id);
    if (movement.idPolice !== null) {
      const ofPolicy = await runtime.run(movementApi.ofPolicy(movement.idPolice));
      expect(ofPolicy.some((m) => m.id === movement.id)).toBe(true);
    }
    const events = await runtime.run(timelineApi.list(query({ size: 1 })));
    const event = events.items[0]!;
    expect((await runtime.run(timelineApi.get(event.id))).id).toBe(event.id);
  });

  it('runs the statement detail machine: recap sorted, PDF saved', async () => {
    const runtime = await signedIn('courtier');
    const page = await runtime.run(statementApi.list(query({ size: 24 })));
    const statement = page.items.find((s) => s.fichierBordereau) ?? page.items[0]!;
    const saved: string[] = [];
    const actor = createActor(
      provideStatementDetail(runtime, { save: (file) => void saved.push(file.fileName), navigate: () => {} }),
      { input: { idBordereau: statement.idBordereau, first: 12, canSeeClient: true } },
    ).start();
    const ready = await waitFor(actor, (s) => s.matches('ready') || s.matches('failure'));
    expect(ready.context.statement?.idBordereau).toBe(statement.idBordereau);
    const orders = ready.context.recap.map((line) => line.ordre);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    if (statement.fichierBordereau) {
      actor.send({ type: 'pdf.download' });
      await waitFor(actor, (s) => !s.hasTag('pdfBusy'));
      expect(saved).toHaveLength(1);
    }
  });
});

describe('client against the real server: administration', () => {
  it('creates, toggles and deletes a user through the userAdmin machine', async () => {
    const runtime = await signedIn('admin');
    const actor = createActor(provideUserAdmin(runtime), { input: { self: 'admin' } }).start();
    const idle = () =>
      waitFor(actor, (s) => s.matches('ready') || s.matches('failure') || s.matches('editing'));
    await idle();
    actor.send({ type: 'create.open' });
    for (const [field, value] of [
      ['login', 'core-admin-made'],
      ['marque', 'UCR'],
      ['email', 'core-admin-made@example.fr'],
      ['password', 'pass1'],
      ['confirmPassword', 'pass1'],
    ] as const)
      actor.send({ type: 'field.change', field, value });
    actor.send({ type: 'save' });
    expect((await idle()).value).toBe('ready');
    const created = await runtime.run(userApi.get('core-admin-made'));
    expect(created.marque).toBe('UCR');
    actor.send({ type: 'activation.toggle', user: created });
    await idle();
    expect((await runtime.run(userApi.get('core-admin-made'))).activated).toBe(!created.activated);
    actor.send({ type: 'delete.open', login: 'core-admin-made' });
    actor.send({ type: 'delete.confirm' });
    expect((await idle()).value).toBe('ready');
    expect(await failure(runtime.run(userApi.get('core-admin-made')))).toMatchObject({ status: 404 });
  });

  it('changes a logger level and reads the audits of sign-ins', async () => {
    const runtime = await signedIn('admin');
    const [logger] = await runtime.run(managementApi.loggers());
    await runtime.run(managementApi.setLevel(logger!.name, 'DEBUG'));
    const after = await runtime.run(managementApi.loggers());
    expect(after.find((l) => l.name === logger!.name)?.level).toBe('DEBUG');
    const today = new Date();
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const audits = await runtime.run(
      managementApi.audits({
        fromDate: iso(new Date(today.getTime() - 86_400_000)),
        toDate: iso(new Date(today.getTime() + 86_400_000)),
        page: 0,
        size: 20,
        sort: [{ field: 'timestamp', dir: 'desc' }],
      }),
    );
    expect(audits.total).toBeGreaterThan(0);
    expect(audits.items[0]?.principal).toBeTypeOf('string');
  });

  it('lists users and authorities; management endpoints decode', async () => {
    const runtime = await signedIn('admin');
    const users = await runtime.run(userApi.list({ page: 0, size: 20, sort: [{ field: 'id', dir: 'asc' }] }));
    expect(users.items.map((u) => u.login)).toContain('courtier');
    expect(await runtime.run(userApi.authorities())).toContain('ROLE_ADMIN');
    const health = await runtime.run(managementApi.health());
    expect(health.status).toMatch(/UP|DOWN/);
    const loggers = await runtime.run(managementApi.loggers());
    expect(loggers.length).toBeGreaterThan(0);
    const metrics = await runtime.run(managementApi.metrics());
    expect(Object.keys(metrics.gauges).length).toBeGreaterThan(0);
    const dump = await runtime.run(managementApi.threadDump());
    expect(dump.length).toBeGreaterThan(0);
  });
});
