import { Box, Text, useInput } from 'ink';
import { createElement as h, useEffect, useReducer, useRef } from 'react';
import type { Translator } from '../i18n/translate.ts';

export interface PromptedCredentials {
  readonly username: string;
  readonly password: string;
}

export interface LoginPromptProps {
  readonly t: Translator;
  readonly server: string;
  readonly initialUsername?: string;
  readonly onSubmit: (credentials: PromptedCredentials) => void;
  readonly onCancel: () => void;
  /** Bold, dim and inverse; off under NO_COLOR and --no-color (the cursor is then `_`). */
  readonly color?: boolean;
}

interface PromptState {
  readonly step: 'username' | 'password' | 'sent' | 'cancelled';
  readonly username: string;
  readonly password: string;
}

type PromptKey = { type: 'text'; text: string } | { type: 'enter' } | { type: 'erase' } | { type: 'cancel' };

const field = (state: PromptState) => (state.step === 'username' ? 'username' : 'password');

/** One key at a time, so text typed ahead with its Enter (before raw mode) still lands right. */
export const promptReducer = (state: PromptState, key: PromptKey): PromptState => {
  if (state.step === 'sent' || state.step === 'cancelled') return state;
  switch (key.type) {
    case 'cancel':
      return { ...state, step: 'cancelled' };
    case 'erase':
      return { ...state, [field(state)]: state[field(state)].slice(0, -1) };
    case 'enter':
      if (state.step === 'username')
        return state.username.trim() === '' ? state : { ...state, step: 'password' };
      return state.password === '' ? state : { ...state, step: 'sent' };
    case 'text': {
      let next = state;
      for (const ch of key.text) {
        if (ch === '\r' || ch === '\n') next = promptReducer(next, { type: 'enter' });
        else if (next.step === 'username' || next.step === 'password') {
          next = { ...next, [field(next)]: next[field(next)] + ch };
        }
      }
      return next;
    }
  }
};

/**
 * Asks for the login then the password (shown as bullets); Enter moves on, Esc cancels. The
 * caller unmounts it once `onSubmit` or `onCancel` was called.
 */
export const LoginPrompt = ({
  t,
  server,
  initialUsername,
  onSubmit,
  onCancel,
  color = true,
}: LoginPromptProps) => {
  const [state, send] = useReducer(promptReducer, {
    step: initialUsername ? 'password' : 'username',
    username: initialUsername ?? '',
    password: '',
  });

  useInput((input, key) => {
    if (key.escape || (key.ctrl && input === 'c')) send({ type: 'cancel' });
    else if (key.return) send({ type: 'enter' });
    else if (key.backspace || key.delete) send({ type: 'erase' });
    else if (!key.ctrl && !key.meta && input !== '') send({ type: 'text', text: input });
  });

  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    if (state.step === 'sent') onSubmit({ username: state.username.trim(), password: state.password });
    if (state.step === 'cancelled') onCancel();
    reported.current = state.step === 'sent' || state.step === 'cancelled';
  }, [state, onSubmit, onCancel]);

  const cursor = (active: boolean) => (active ? h(Text, { inverse: color }, color ? ' ' : '_') : null);
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: color }, t('cli.prompt.title', { server })),
    h(
      Box,
      null,
      h(Text, null, t('cli.prompt.field', { label: t('login.form.username') })),
      h(Text, null, state.username),
      cursor(state.step === 'username'),
    ),
    state.step === 'username'
      ? null
      : h(
          Box,
          null,
          h(Text, null, t('cli.prompt.field', { label: t('login.form.password') })),
          h(Text, null, '•'.repeat(state.password.length)),
          cursor(state.step === 'password'),
        ),
    h(Text, { dimColor: color }, state.step === 'sent' ? t('cli.prompt.signingIn') : t('cli.prompt.hint')),
  );
};
