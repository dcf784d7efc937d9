import { provideResetFinish } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useServices } from '../../app/ServicesContext.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { RichMessage } from './formFlow.tsx';
import { PasswordForm } from './PasswordForm.tsx';

/** 'reset/finish?key=': key missing, the form, then success (form hidden) or the error. */
const ResetFinishPage = () => {
  const { t } = useTranslation();
  const { runtime, auth } = useServices();
  const [params] = useSearchParams();
  const logic = useMemo(() => provideResetFinish(runtime), [runtime]);
  const actor = useActorRef(logic, { input: { key: params.get('key') } });
  const context = useActorContext(actor);
  const tags = useTags(actor, ['keyMissing', 'done', 'busy']);
  return (
    <div className="row justify-content-center">
      <div className="col-lg-6">
        <h1 className="h3">{t('reset.finish.title')}</h1>
        {tags.keyMissing && <Alert variant="danger">{t('reset.finish.messages.keymissing')}</Alert>}
        {tags.done && (
          <Alert variant="success">
            <RichMessage message={{ key: 'reset.finish.messages.success' }} />
            <Button
              variant="link"
              className="p-0 alert-link align-baseline"
              onClick={() => auth.send({ type: 'modal.open' })}
            >
              {t('activate.messages.signIn')}
            </Button>
          </Alert>
        )}
        {!tags.keyMissing && !tags.done && (
          <>
            <Alert variant="warning">{t('reset.finish.messages.info')}</Alert>
            {context.error !== null && (
              <Alert variant="danger">
                <RichMessage message={context.error} />
              </Alert>
            )}
            <PasswordForm
              context={context}
              send={actor.send}
              busy={tags.busy}
              button={t('reset.finish.form.button')}
            />
          </>
        )}
      </div>
    </div>
  );
};

export default ResetFinishPage;
