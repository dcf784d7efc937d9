import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { HttpError } from '../api/errors.ts';
import { IdPolice } from '../domain/ids.ts';
import type { Message } from '../domain/message.ts';
import { controlledActors, replayModelPaths } from '../testing/modelPaths.ts';
import { sampleErrors } from '../testing/sampleErrors.ts';
import { canSendMessage, chosenFiles, messageFormMachine, sendFailure } from './messageForm.machine.ts';

type Ctx = ReturnType<typeof messageFormMachine.getInitialSnapshot>['context'];
// Files counted up to 2: enough to tell adding from removing, and the model stays finite.
const features = (c: Ctx) => ({
  subject: c.subject !== '',
  body: canSendMessage({ subject: 'x', body: c.body }),
  files: Math.min(c.files.length, 2),
  error: c.error !== null,
});
const file = new File(['abc'], 'piece.pdf');

const events = [
  { type: 'subject.change', subject: 'Autre' },
  { type: 'subject.change', subject: '' },
  { type: 'body.change', body: '<p>Bonjour</p>' },
  { type: 'body.change', body: '<p>&nbsp;</p>' },
  { type: 'files.add', files: [file] },
  { type: 'files.remove', index: 0 },
  { type: 'send' },
  { type: 'xstate.done.actor.sendMessage' },
  ...Object.values(sampleErrors)
    .filter((e) => typeof e !== 'function')
    .map((error) => ({ type: 'xstate.error.actor.sendMessage', error })),
];

const createSut = () => {
  const control = controlledActors('sendMessage');
  const actor = createActor(messageFormMachine.provide({ actors: control.actors }), {
    input: { idPolice: IdPolice.make(7) },
  });
  return { actor, control };
};

describe('messageForm machine', () => {
  it('replays its model paths: nothing sent without subject and body', async () => {
    const result = await replayModelPaths({
      machine: messageFormMachine,
      input: { idPolice: IdPolice.make(7) },
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
          const sent = call.input as Message;
          expect(sent.subject).not.toBe('');
          expect(sent.idPolice).toBe(7);
        }
      },
    });
    console.log(
      `messageForm machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBe(4);
  });

  it('after a send, empties the form and counts the files sent; typing starts a new message', async () => {
    const { actor, control } = createSut();
    actor.start();
    actor.send({ type: 'subject.change', subject: 'Autre' });
    actor.send({ type: 'body.change', body: '<p>Texte</p>' });
    actor.send({ type: 'files.add', files: [file, file] });
    actor.send({ type: 'send' });
    control.resolve('sendMessage', undefined);
    await new Promise((r) => setTimeout(r, 0));
    const sent = actor.getSnapshot();
    expect(sent.hasTag('done')).toBe(true);
    expect(sent.context).toMatchObject({ subject: '', body: '', files: [], uploaded: 2 });
    actor.send({ type: 'body.change', body: '<p></p>' });
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    actor.send({ type: 'subject.change', subject: 'Réclamation' });
    expect(actor.getSnapshot().hasTag('done')).toBe(false);
    expect(actor.getSnapshot().context.uploaded).toBe(0);
  });

  it('a refused file names the types and sizes the server accepts', () => {
    const refused = sendFailure(
      new HttpError({
        status: 400,
        url: 'x/api/messages',
        body: '',
        problem: {
          status: 400,
          message: 'error.validation',
          fieldErrors: [{ objectName: 'message', field: 'files[0]', message: 'FileType' }],
          params: {
            name: 'a.exe',
            allowed: ['pdf', 'png'],
            maxFiles: 10,
            maxFileBytes: 10485760,
            maxTotalBytes: 26214400,
          },
        },
      }),
    );
    expect(refused).toEqual({
      key: 'message.refused.type',
      params: { name: 'a.exe', types: 'pdf, png', maxFile: 10, maxTotal: 25, maxFiles: 10 },
    });
  });

  it('sends once with the files, listed as name and size', () => {
    const { actor, control } = createSut();
    actor.start();
    actor.send({ type: 'subject.change', subject: 'Réclamation' });
    actor.send({ type: 'body.change', body: '<p>Texte</p>' });
    actor.send({ type: 'files.add', files: [file] });
    expect(chosenFiles(actor.getSnapshot().context)).toEqual([{ index: 0, name: 'piece.pdf', size: 3 }]);
    actor.send({ type: 'send' });
    actor.send({ type: 'send' });
    expect(control.calls).toHaveLength(1);
    expect((control.calls[0]!.input as Message).attachments).toEqual([file]);
  });
});
