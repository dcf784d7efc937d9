import { provideResetRequest } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { FlowField, RichMessage } from './formFlow.tsx';

/** 'reset/request': e-mail focused, 'Reset'; the form hides on success. */
const ResetRequestPage = () => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => provideResetRequest(runtime), [runtime]);
  const actor = useActorRef(logic, { input: {} });
  const context = useActorContext(actor);
  const tags = useTags(actor, ['done', 'busy']);
  return (
    <div className="row justify-content-center">
      <div className="col-lg-6">
        <h1 className="h3">{t('reset.request.title')}</h1>
        {tags.done ? (
          <Alert variant="success">{t('reset.request.messages.success')}</Alert>
        ) : (
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'submit' });
            }}
          >
            <Alert variant="warning">{t('reset.request.messages.info')}</Alert>
            {context.error !== null && (
              <Alert variant="danger">
                <RichMessage message={context.error} />
              </Alert>
            )}
            <FlowField
              context={context}
              send={actor.send}
              name="email"
              type="email"
              label={t('global.form.email')}
              autoFocus
              autoComplete="email"
              maxLength={100}
            />
            <Button type="submit" disabled={tags.busy}>
              {t('reset.request.form.button')}
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
};

export default ResetRequestPage;
