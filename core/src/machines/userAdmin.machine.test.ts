import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Page } from '../api/paging.ts';
import type { User } from '../domain/user.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { sampleErrors } from '../testing/sampleErrors.ts';
import { sampleUser } from '../testing/userSamples.ts';
import { canSaveUser, readUserList, userAdminMachine, userListParams } from './userAdmin.machine.ts';

const admin = sampleUser('admin');
const joe = sampleUser('joe', { activated: false });
const page: Page<User> = { items: [admin, joe], total: 2, links: {} };
const errors = [
  sampleErrors.unreachable,
  sampleErrors.fieldErrors,
  sampleErrors.unauthorized,
  sampleErrors.malformed,
];

type Ctx = ReturnType<typeof userAdminMachine.getInitialSnapshot>['context'];
const features = (c: Ctx) => ({
  formValid: canSaveUser(c),
  creating: c.form.id === null,
  mismatch: c.mismatch,
  deleting: c.deleting,
  error: c.error !== null,
  notice: c.notice?.key ?? null,
});

const events = [
  { type: 'xstate.done.actor.loadUsers', output: page },
  ...errors.map((error) => ({ type: 'xstate.error.actor.loadUsers', error })),
  { type: 'reload' },
  { type: 'page.change', page: 1 },
  { type: 'sort.change', sort: [{ field: 'login', dir: 'desc' }] },
  { type: 'address.change', sort: [{ field: 'email', dir: 'asc' }], page: 0 },
  { type: 'create.open' },
  { type: 'edit.open', user: joe },
  { type: 'edit.openLogin', login: 'JOE' },
  { type: 'edit.openLogin', login: 'beyond' },
  { type: 'xstate.done.actor.loadUser', output: sampleUser('beyond') },
  { type: 'xstate.error.actor.loadUser', error: sampleErrors.notFound },
  { type: 'field.change', field: 'login', value: 'newbie' },
  { type: 'field.change', field: 'marque', value: 'UCR' },
  { type: 'field.change', field: 'email', value: 'newbie@example.fr' },
  { type: 'field.change', field: 'password', value: 'pass1' },
  { type: 'field.change', field: 'confirmPassword', value: 'pass1' },
  { type: 'field.change', field: 'confirmPassword', value: 'pass2' },
  { type: 'save' },
  { type: 'cancel' },
  { type: 'xstate.done.actor.saveUser' },
  ...errors.map((error) => ({ type: 'xstate.error.actor.saveUser', error })),
  { type: 'delete.open', login: 'joe' },
  { type: 'delete.open', login: 'admin' },
  { type: 'delete.confirm' },
  { type: 'xstate.done.actor.deleteUser' },
  { type: 'xstate.error.actor.deleteUser', error: sampleErrors.notFound },
  { type: 'activation.toggle', user: joe },
  { type: 'activation.toggle', user: admin },
  { type: 'sync' },
  { type: 'xstate.done.actor.syncUsers' },
  { type: 'xstate.error.actor.syncUsers', error: sampleErrors.unreachable },
  { type: 'notice.dismiss' },
];

const createSut = () => {
  const control = controlledActors('loadUsers', 'loadUser', 'saveUser', 'deleteUser', 'syncUsers');
  const actor = createActor(userAdminMachine.provide({ actors: control.actors }), {
    input: { self: 'admin' },
  });
  return { actor, control };
};

describe('userAdmin machine', () => {
  it('replays its model paths; oneself is never toggled nor deleted, nothing invalid is saved', async () => {
    const result = await replayModelPaths({
      machine: userAdminMachine,
      input: { self: 'admin' },
      events,
      createSut,
      serializeState: (snapshot) => {
        const { value, context } = snapshot as unknown as { value: unknown; context: Ctx };
        return JSON.stringify([value, features(context)]);
      },
      assertEqual: (a, e, m) => expect(a, m).toEqual(e),
      check: (model, sut) => {
        const context = sut.actor.getSnapshot().context as Ctx;
        expect(features(context)).toEqual(features(model.context));
        for (const call of sut.control.calls) {
          if (call.id === 'deleteUser') expect(call.input).not.toBe('admin');
          // A listed user opens without a request: only a login beyond the page is fetched.
          if (call.id === 'loadUser') expect(call.input).toBe('beyond');
          if (call.id === 'saveUser') {
            const body = call.input as { login: string; id?: number; password?: string };
            expect(body.login).not.toBe('');
            expect(body).not.toHaveProperty('confirmPassword');
          }
        }
        if (model.matches('loading'))
          expect(sut.control.calls.filter((c) => c.id === 'loadUsers').at(-1)?.input).toEqual(
            context.request,
          );
      },
    });
    console.log(
      `userAdmin machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBeGreaterThanOrEqual(10);
  }, 60_000);

  it('closing a dialog whose save failed leaves no error on the list', async () => {
    const { actor, control } = createSut();
    actor.start();
    control.resolve('loadUsers', page);
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'edit.open', user: joe });
    actor.send({ type: 'save' });
    control.reject('saveUser', sampleErrors.fieldErrors);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.error).not.toBeNull();
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('creates a user without sending the confirmation, then reloads the list', async () => {
    const { actor, control } = createSut();
    actor.start();
    control.resolve('loadUsers', page);
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'create.open' });
    for (const [field, value] of [
      ['login', 'newbie'],
      ['marque', 'UCR'],
      ['email', 'newbie@example.fr'],
      ['password', 'pass1'],
      ['confirmPassword', 'pass1'],
    ] as const)
      actor.send({ type: 'field.change', field, value });
    actor.send({ type: 'save' });
    actor.send({ type: 'save' });
    const saves = control.calls.filter((c) => c.id === 'saveUser');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.input).toMatchObject({ login: 'newbie', password: 'pass1', activated: true });
    control.resolve('saveUser', undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('refuses to toggle or delete the signed-in administrator', async () => {
    const { actor, control } = createSut();
    actor.start();
    control.resolve('loadUsers', page);
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'activation.toggle', user: admin });
    actor.send({ type: 'delete.open', login: 'ADMIN' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'activation.toggle', user: joe });
    expect(control.calls.at(-1)?.input).toMatchObject({ login: 'joe', activated: true });
  });
});

describe('user list address', () => {
  it('is bare for a fresh list, writes a sort and page as the other lists do, and reads them back', () => {
    const fresh = readUserList([]);
    expect(userListParams(fresh)).toEqual([]);
    const sorted = { sort: [{ field: 'login', dir: 'desc' }] as const, page: 2 };
    expect(userListParams(sorted)).toEqual([
      ['sort', 'login,desc'],
      ['page', '2'],
    ]);
    expect(readUserList(userListParams(sorted))).toEqual(sorted);
  });

  it('drops columns the list cannot sort by and pages that are not pages', () => {
    expect(
      readUserList([
        ['sort', 'password,asc'],
        ['sort', 'email,desc'],
        ['page', '-1'],
      ]),
    ).toEqual({ sort: [{ field: 'email', dir: 'desc' }], page: 0 });
    expect(readUserList([['sort', 'password,asc']])).toEqual(readUserList([]));
  });
});
