import type { FormContext, FormEvent } from '@extranet/core';
import { useTranslation } from 'react-i18next';
import { FlowField } from './formFlow.tsx';

/** Each identity field of the account forms, described once: label, input type, autofill, limit. */
const IDENTITY_FIELDS = {
  login: { label: 'global.form.username', type: 'text', autoComplete: 'username', maxLength: 50 },
  firstName: { label: 'settings.form.firstname', type: 'text', autoComplete: 'given-name', maxLength: 50 },
  lastName: { label: 'settings.form.lastname', type: 'text', autoComplete: 'family-name', maxLength: 50 },
  email: { label: 'global.form.email', type: 'email', autoComplete: 'email', maxLength: 100 },
} as const;

/** The name and e-mail fields of a core form flow (register, settings), in the order given. */
export const IdentityFields = ({
  context,
  send,
  names,
  autoFocus = false,
}: {
  context: FormContext;
  send: (event: FormEvent) => void;
  names: readonly (keyof typeof IDENTITY_FIELDS)[];
  /** Focus the first field when the page opens. */
  autoFocus?: boolean;
}) => {
  const { t } = useTranslation();
  return names.map((name, index) => {
    const { label, ...input } = IDENTITY_FIELDS[name];
    return (
      <FlowField
        key={name}
        context={context}
        send={send}
        name={name}
        label={t(label)}
        autoFocus={autoFocus && index === 0}
        {...input}
      />
    );
  });
};
