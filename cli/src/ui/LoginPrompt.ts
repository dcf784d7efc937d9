import { Box, Text, useInput } from 'ink';
import { createElement as h, useState } from 'react';
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
}

type Step = 'username' | 'password' | 'sent';

/**
 * Asks for the login then the password (shown as bullets); Enter moves on, Esc cancels. The
 * caller unmounts it once `onSubmit` or `onCancel` was called.
 */
export const LoginPrompt = ({ t, server, initialUsername, onSubmit, onCancel }: LoginPromptProps) => {
  const [step, setStep] = useState<Step>(initialUsername ? 'password' : 'username');
  const [username, setUsername] = useState(initialUsername ?? '');
  const [password, setPassword] = useState('');

  useInput((input, key) => {
    if (step === 'sent') return;
    if (key.escape || (key.ctrl && input === 'c')) {
      setStep('sent');
      onCancel();
      return;
    }
    const edit = step === 'username' ? setUsername : setPassword;
    if (key.return) {
      if (step === 'username' && username.trim() !== '') setStep('password');
      else if (step === 'password' && password !== '') {
        setStep('sent');
        onSubmit({ username: username.trim(), password });
      }
      return;
    }
    if (key.backspace || key.delete) {
      edit((value) => value.slice(0, -1));
      return;
    }
    if (!key.ctrl && !key.meta && input !== '') edit((value) => value + input.replace(/[\r\n]/g, ''));
  });

  const cursor = (active: boolean) => (active ? h(Text, { inverse: true }, ' ') : null);
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, t('cli.prompt.title', { server })),
    h(
      Box,
      null,
      h(Text, null, t('cli.prompt.field', { label: t('login.form.username') })),
      h(Text, null, username),
      cursor(step === 'username'),
    ),
    step === 'username'
      ? null
      : h(
          Box,
          null,
          h(Text, null, t('cli.prompt.field', { label: t('login.form.password') })),
          h(Text, null, '•'.repeat(password.length)),
          cursor(step === 'password'),
        ),
    h(Text, { dimColor: true }, step === 'sent' ? t('cli.prompt.signingIn') : t('cli.prompt.hint')),
  );
};
