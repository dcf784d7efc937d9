import {
  canSendMessage,
  chosenFiles,
  MAIL_SUBJECTS,
  type MessageFormContext,
  messageFormMachine,
} from '@extranet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { eventually, ownErrorAlerts } from './eventually.ts';
import {
  describeWalk,
  type ModelState,
  reachedValues,
  shortestModelPaths,
  toUserWalks,
  type UserStep,
} from './modelPathsInBrowser.ts';
import { openSession, type Session, screenshot, signInQuickly } from './page.ts';

/**
 * Core's messageForm machine replayed through the after-sales message page as `courtier`: the
 * shortest path to each state the page shows, plus each step back into a state already seen.
 * The server answers by itself: it mails a message whose subject is one of the list, and
 * refuses (400) any other subject, so that is the failing path.
 */
const ID_POLICE = 1000150;
const NOTE = { name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('Bonjour le SAV\n') };
const noteBlob = Object.assign(new Blob([NOTE.buffer]), { name: NOTE.name });

const events: EventObject[] = [
  { type: 'subject.change', subject: MAIL_SUBJECTS[0] } as EventObject,
  { type: 'subject.change', subject: 'Bonjour' } as EventObject,
  { type: 'body.change', body: '<p>Merci</p>' } as EventObject,
  { type: 'files.add', files: [noteBlob] } as EventObject,
  { type: 'files.remove', index: 0 } as EventObject,
  { type: 'send' },
  { type: 'xstate.done.actor.sendMessage' },
  { type: 'xstate.error.actor.sendMessage', error: new Error('refused') } as EventObject,
];
const ctx = (state: ModelState) => state.context as MessageFormContext;
const busy = (state: ModelState) => state.hasTag('busy');
const refused = (context: MessageFormContext) =>
  !(MAIL_SUBJECTS as readonly string[]).includes(context.subject);
const view = (state: ModelState) =>
  JSON.stringify([
    state.value,
    canSendMessage(ctx(state)),
    ctx(state).files.length,
    ctx(state).error !== null,
  ]);

const paths = shortestModelPaths(messageFormMachine, {
  events,
  input: { idPolice: ID_POLICE },
  serializeState: (state) => JSON.stringify([view(state), ctx(state).subject, ctx(state).body !== '']),
  cover: view,
  coverFrom: false,
  transient: busy,
  filterEvents: (state, event) => {
    const c = ctx(state);
    if (event.type.startsWith('xstate.'))
      return busy(state) && refused(c) === (event.type === 'xstate.error.actor.sendMessage');
    if (busy(state)) return false;
    // What the page can do: change to another value, keep one file (its Annuler removes all),
    // click Send only when enabled.
    const e = event as EventObject & { subject?: string; body?: string };
    if (e.subject !== undefined) return e.subject !== c.subject;
    if (e.body !== undefined) return c.body === '';
    if (event.type === 'files.add') return c.files.length === 0;
    if (event.type === 'files.remove') return c.files.length === 1;
    return canSendMessage(c);
  },
});
const walks = toUserWalks(paths, {
  transient: busy,
  adapt: ({ event }) => (event.type.startsWith('xstate.') ? undefined : event),
});

const label = (event: EventObject) => {
  const e = event as EventObject & { subject?: string };
  return e.subject === undefined ? event.type : `subject=${e.subject}`;
};

const perform = async (page: Page, event: EventObject) => {
  switch (event.type) {
    case 'subject.change':
      return page.getByLabel('Objet du message').fill((event as EventObject & { subject: string }).subject);
    case 'body.change':
      await page.locator('.ProseMirror').click();
      return page.keyboard.type('Merci');
    case 'files.add':
      return page.getByLabel('Sélectionner vos fichiers').setInputFiles(NOTE);
    case 'files.remove':
      return page.getByRole('button', { name: 'Annuler' }).click();
    case 'send':
      return page.getByRole('button', { name: 'Envoyer le message' }).click();
    default:
      throw new Error(`no UI for ${event.type}`);
  }
};

const check = async (page: Page, state: ModelState) => {
  const c = ctx(state);
  const sendButton = page.getByRole('button', { name: 'Envoyer le message' });
  if (state.hasTag('done')) await page.getByText('Message envoyé').waitFor();
  else expect(await page.getByText('Message envoyé').count()).toBe(0);
  // The last refusal stays shown until the next send.
  await eventually(() => ownErrorAlerts(page)).toBe(c.error === null ? 0 : 1);
  await eventually(() => sendButton.isDisabled()).toBe(!canSendMessage(c) || state.hasTag('busy'));
  // The chosen files as 'name - size octets'.
  const listed = chosenFiles(c).map((file) => `${NOTE.name} - ${file.size} octets`);
  expect(await page.getByTestId('chosen-files').locator('li').allTextContents()).toEqual(listed);
};

describe('messageForm machine paths in the browser', () => {
  let session: Session;
  let replayed = 0;
  const started = Date.now();
  beforeAll(async () => {
    session = await openSession();
    await signInQuickly(session, 'courtier');
  });
  afterAll(async () => {
    console.log(
      `messageForm machine: ${replayed} of ${walks.length} model paths replayed in Chromium in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    await session?.close();
  });

  it('has walks reaching every state of the form', () => {
    expect(reachedValues(walks)).toEqual(['"editing"', '"failure"', '"sent"']);
  });

  for (const walk of walks) {
    it(describeWalk(walk, label), async () => {
      const { page, baseUrl } = session;
      await page.goto(`${baseUrl}/#/message?idPolice=${ID_POLICE}`);
      await page.reload();
      await page.locator('.ProseMirror').waitFor();
      await check(page, (walk[0] as UserStep).before);
      for (const step of walk) {
        await perform(page, step.event);
        await page.waitForLoadState('networkidle');
        await check(page, step.state);
      }
      if (walk.at(-1)?.state.hasTag('done')) await screenshot(page, 'courtier-message-sent');
      expect(session.pageErrors).toEqual([]);
      replayed++;
    });
  }
});
