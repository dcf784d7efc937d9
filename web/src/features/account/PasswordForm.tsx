import { type FormContext, type FormEvent, mismatchMessage } from '@extranet/core';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FlowField, StrengthBar } from './formFlow.tsx';

/** New password, strength bar and confirmation: shared by password change and reset finish. */
export const PasswordForm = ({
  context,
  send,
  busy,
  button,
}: {
  context: FormContext;
  send: (event: FormEvent) => void;
  busy: boolean;
  button: string;
}) => {
  const { t } = useTranslation();
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'submit' });
      }}
    >
      <FlowField
        context={context}
        send={send}
        name="newPassword"
        type="password"
        label={t('global.form.newpassword')}
        autoComplete="new-password"
        autoFocus
        maxLength={50}
      />
      <StrengthBar password={context.values.newPassword ?? ''} />
      <FlowField
        context={context}
        send={send}
        name="confirmPassword"
        type="password"
        label={t('global.form.confirmpassword')}
        autoComplete="new-password"
        maxLength={50}
        extraError={mismatchMessage(context)}
      />
      <Button type="submit" disabled={busy}>
        {button}
      </Button>
    </Form>
  );
};
