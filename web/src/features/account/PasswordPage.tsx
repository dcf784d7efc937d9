import { provideChangePassword } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Alert } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { RichMessage } from './formFlow.tsx';
import { PasswordForm } from './PasswordForm.tsx';

/** 'password': 'Password for [login]', the strength bar, success or error. */
const PasswordPage = () => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const account = useAccount();
  const logic = useMemo(() => provideChangePassword(runtime), [runtime]);
  const actor = useActorRef(logic, { input: {} });
  const context = useActorContext(actor);
  const tags = useTags(actor, ['done', 'busy']);
  return (
    <div className="row justify-content-center">
      <div className="col-lg-6">
        <h1 className="h3">
          <Trans
            i18nKey="password.title"
            values={{ username: account?.login ?? '' }}
            components={{ strong: <strong /> }}
          />
        </h1>
        {tags.done && (
          <Alert variant="success">
            <RichMessage message={{ key: 'password.messages.success' }} />
          </Alert>
        )}
        {context.error !== null && (
          <Alert variant="danger">
            <RichMessage message={context.error} />
          </Alert>
        )}
        <PasswordForm
          context={context}
          send={actor.send}
          busy={tags.busy}
          button={t('password.form.button')}
        />
      </div>
    </div>
  );
};

export default PasswordPage;
