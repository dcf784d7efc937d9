import { resources } from '@extranet/core';
import { render } from 'ink-testing-library';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../i18n/translate.ts';
import { LoginPrompt } from './LoginPrompt.ts';

const t = createTranslator('en');
t.addResources(resources);

/** Ink reads input on the next ticks: let it process what was typed. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

const type = async (stdin: { write(data: string): void }, ...keys: string[]) => {
  for (const key of keys) {
    stdin.write(key);
    await settle();
  }
};

const setup = (initialUsername?: string) => {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    h(LoginPrompt, {
      t,
      server: 'http://localhost:8080/',
      ...(initialUsername ? { initialUsername } : {}),
      onSubmit,
      onCancel,
    }),
  );
  return { ...view, onSubmit, onCancel };
};

describe('LoginPrompt', () => {
  it('asks the login, then the password shown as bullets, and submits both', async () => {
    const { stdin, lastFrame, onSubmit } = setup();
    await settle();
    expect(lastFrame()).toContain('Sign in to http://localhost:8080/');
    expect(lastFrame()).toContain('Login:');
    expect(lastFrame()).not.toContain('Password');

    await type(stdin, 'courtierx', '\u007f', '\r');
    expect(lastFrame()).toContain('Login: courtier');
    expect(lastFrame()).toContain('Password:');

    await type(stdin, 'sec', 'ret', '\r');
    expect(lastFrame()).toContain('Password: ••••••');
    expect(lastFrame()).not.toContain('secret');
    expect(lastFrame()).toContain('Signing in…');
    expect(onSubmit).toHaveBeenCalledWith({ username: 'courtier', password: 'secret' });
  });

  it('does not move on with an empty login or submit an empty password', async () => {
    const { stdin, lastFrame, onSubmit } = setup();
    await settle();
    await type(stdin, '\r');
    expect(lastFrame()).not.toContain('Password');
    await type(stdin, 'admin', '\r', '\r');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(lastFrame()).toContain('Enter to confirm, Esc to cancel');
  });

  it('starts at the password when --username was given', async () => {
    const { stdin, lastFrame, onSubmit } = setup('admin');
    await settle();
    expect(lastFrame()).toContain('Login: admin');
    await type(stdin, 'admin', '\r');
    expect(onSubmit).toHaveBeenCalledWith({ username: 'admin', password: 'admin' });
  });

  it('text typed ahead with its line breaks fills both fields and submits', async () => {
    const { stdin, onSubmit } = setup();
    await settle();
    await type(stdin, 'courtier\ncourtier\n');
    expect(onSubmit).toHaveBeenCalledWith({ username: 'courtier', password: 'courtier' });
  });

  it('Esc cancels without submitting', async () => {
    const { stdin, onSubmit, onCancel } = setup();
    await settle();
    await type(stdin, 'adm', '\u001b');
    // Esc alone waits for a possible sequence (Ink's timer): polled until it cancels, no fixed sleep.
    await vi.waitFor(() => expect(onCancel).toHaveBeenCalled(), { timeout: 2000, interval: 5 });
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('LoginPrompt without colours (NO_COLOR, --no-color)', () => {
  it('the cursor is an underscore, not an inverse block (the pseudo-terminal test checks the codes)', async () => {
    const view = render(
      h(LoginPrompt, { t, server: 'http://x/', onSubmit: vi.fn(), onCancel: vi.fn(), color: false }),
    );
    await settle();
    expect(view.lastFrame()).toContain('Login: _');
  });
});
