import { Box, Text, useInput } from 'ink';
import { createElement as h, useEffect, useRef, useState } from 'react';
import type { Translator } from '../i18n/translate.ts';

export interface CodePromptProps {
  readonly t: Translator;
  readonly onSubmit: (code: string) => void;
  readonly onCancel: () => void;
  readonly color?: boolean;
}

/** Asks the second factor's code (six digits or a recovery code); Enter sends, Esc cancels. */
export const CodePrompt = ({ t, onSubmit, onCancel, color = true }: CodePromptProps) => {
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'asking' | 'sent' | 'cancelled'>('asking');
  useInput((input, key) => {
    if (step !== 'asking') return;
    if (key.escape || (key.ctrl && input === 'c')) setStep('cancelled');
    else if (key.return) setStep(code.trim() === '' ? 'asking' : 'sent');
    else if (key.backspace || key.delete) setCode((c) => c.slice(0, -1));
    else if (!key.ctrl && !key.meta && input !== '') {
      const typed = input.replace(/[\r\n]/g, '');
      setCode((c) => (c + typed).slice(0, 20));
      if (/[\r\n]/.test(input)) setStep('sent');
    }
  });
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current || step === 'asking') return;
    reported.current = true;
    if (step === 'sent') onSubmit(code.trim());
    else onCancel();
  }, [step, code, onSubmit, onCancel]);
  return h(
    Box,
    { flexDirection: 'column' },
    h(
      Box,
      null,
      h(Text, null, t('cli.prompt.field', { label: t('login.twoFactor.code') })),
      h(Text, null, code),
      step === 'asking' ? h(Text, { inverse: color }, color ? ' ' : '_') : null,
    ),
    h(Text, { dimColor: color }, step === 'sent' ? t('cli.prompt.signingIn') : t('cli.prompt.hint')),
  );
};
