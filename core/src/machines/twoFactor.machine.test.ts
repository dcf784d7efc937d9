import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { HttpError } from '../api/errors.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { twoFactorMachine } from './twoFactor.machine.ts';

const off = { enabled: false, required: false, enrolledAt: null, recoveryCodesLeft: 0 };
const on = { enabled: true, required: false, enrolledAt: '2026-11-24T00:00:00Z', recoveryCodesLeft: 10 };
const enrolment = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Extranet:courtier?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  enrolmentToken: 'enrolment-token',
  expiresAt: '2026-01-01T00:10:00Z',
};
const problem = (status: number, kind: string) =>
  new HttpError({
    status,
    url: 'http://x/api/account/two-factor',
    body: '{}',
    problem: { type: `http://www.jhipster.tech/problem/${kind}`, status, message: `m.${kind}` },
  });
const wrongCode = problem(400, 'invalid-second-factor');
const expired = problem(400, 'invalid-enrolment');
const codes = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBBB`);

const events = [
  { type: 'retry' },
  { type: 'enable' },
  { type: 'disable' },
  { type: 'code.submit', code: '123456' },
  { type: 'cancel' },
  { type: 'codes.ack' },
  { type: 'xstate.done.actor.loadStatus', output: off },
  { type: 'xstate.done.actor.loadStatus', output: on },
  { type: 'xstate.error.actor.loadStatus', error: problem(500, 'x') },
  { type: 'xstate.done.actor.start', output: enrolment },
  { type: 'xstate.error.actor.start', error: problem(400, 'problem-with-message') },
  { type: 'xstate.done.actor.confirm', output: codes },
  { type: 'xstate.error.actor.confirm', error: wrongCode },
  { type: 'xstate.error.actor.confirm', error: expired },
  { type: 'xstate.done.actor.disable', output: undefined },
  { type: 'xstate.error.actor.disable', error: wrongCode },
];

const createSut = () => {
  const control = controlledActors('loadStatus', 'start', 'confirm', 'disable');
  return { actor: createActor(twoFactorMachine.provide({ actors: control.actors })), control };
};

describe('two-factor machine (model-based)', () => {
  it('replays the shortest path to every reachable state on a real actor', async () => {
    const result = await replayModelPaths({
      machine: twoFactorMachine,
      events,
      serializeState: (snapshot) => {
        const { value, context } = snapshot as ReturnType<typeof twoFactorMachine.resolveState>;
        return JSON.stringify({
          value,
          enabled: context.status?.enabled,
          enrolment: context.enrolment !== null,
          codes: context.recoveryCodes.length,
          error: context.error?.key,
          done: context.done,
        });
      },
      createSut,
      assertEqual: (actual, expected, m) => expect(actual, m).toEqual(expected),
      check: (model, sut) => {
        const snapshot = sut.actor.getSnapshot();
        expect(snapshot.context).toEqual(model.context);
        if (model.matches('enrolling')) expect(snapshot.context.enrolment?.qrCode).toMatch(/^data:image/);
        if (model.matches('showingCodes')) {
          expect(snapshot.context.recoveryCodes).toHaveLength(10);
          expect(snapshot.context.enrolment).toBeNull();
        }
        if (model.matches('idle') && model.context.enrolment !== null)
          throw new Error('enrolment kept in idle');
      },
    });
    console.log(`two-factor machine: ${result.paths} paths replayed, ${result.states} states reached`);
    expect(result.states).toBeGreaterThanOrEqual(9);
  });

  it('sends the enrolment token with the code; a wrong code asks again, an expired enrolment starts over', async () => {
    const sut = createSut();
    const flush = () => new Promise((r) => setTimeout(r, 0));
    sut.actor.start();
    sut.control.resolve('loadStatus', off);
    await flush();
    sut.actor.send({ type: 'enable' });
    sut.control.resolve('start', enrolment);
    await flush();
    sut.actor.send({ type: 'code.submit', code: '111111' });
    expect(sut.control.calls.at(-1)?.input).toEqual({ enrolmentToken: 'enrolment-token', code: '111111' });
    sut.control.reject('confirm', wrongCode);
    await flush();
    expect(sut.actor.getSnapshot().matches({ enrolling: 'asking' })).toBe(true);
    expect(sut.actor.getSnapshot().context.error?.key).toBe('m.invalid-second-factor');
    sut.actor.send({ type: 'code.submit', code: '222222' });
    sut.control.reject('confirm', expired);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('idle');
    expect(sut.actor.getSnapshot().context).toMatchObject({
      enrolment: null,
      error: { key: 'm.invalid-enrolment' },
    });
  });
});
