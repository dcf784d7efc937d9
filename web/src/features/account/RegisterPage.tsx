import { mismatchMessage, provideRegister } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { FlowField, RichMessage, StrengthBar } from './formFlow.tsx';
import { IdentityFields } from './IdentityFields.tsx';

/** 'register': login focused, password and confirmation, sign-in shortcut; form hidden after success. */
const RegisterPage = () => {
  const { t, i18n } = useTranslation();
  const { runtime, auth } = useServices();
  const logic = useMemo(() => provideRegister(runtime), [runtime]);
  const actor = useActorRef(logic, { input: { values: { langKey: i18n.language } } });
  const context = useActorContext(actor);
  const tags = useTags(actor, ['done', 'busy']);
  const f = { context, send: actor.send };
  return (
    <div className="row justify-content-center">
      <div className="col-lg-6">
        <h1 className="h3">{t('register.title')}</h1>
        {tags.done ? (
          <Alert variant="success">
            <RichMessage message={{ key: 'register.messages.success' }} />
          </Alert>
        ) : (
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'submit' });
            }}
          >
            {context.error !== null && (
              <Alert variant="danger">
                <RichMessage message={context.error} />
              </Alert>
            )}
            <IdentityFields {...f} names={['login', 'email']} autoFocus />
            <FlowField
              {...f}
              name="password"
              type="password"
              label={t('global.form.newpassword')}
              autoComplete="new-password"
              maxLength={50}
            />
            <StrengthBar password={context.values.password ?? ''} />
            <FlowField
              {...f}
              name="confirmPassword"
              type="password"
              label={t('global.form.confirmpassword')}
              autoComplete="new-password"
              maxLength={50}
              extraError={mismatchMessage(context)}
            />
            <Button type="submit" disabled={tags.busy}>
              {t('register.form.button')}
            </Button>
          </Form>
        )}
        <p className="mt-3">
          <Button variant="link" className="p-0" onClick={() => auth.send({ type: 'modal.open' })}>
            {t('register.signIn')}
          </Button>
        </p>
      </div>
    </div>
  );
};

export default RegisterPage;
