import { provideActivate } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useServices } from '../../app/ServicesContext.tsx';
import { Loading } from '../../shared/Loading.tsx';
import { useTags } from '../../shared/useTags.ts';
import { RichMessage } from './formFlow.tsx';

/** 'activate?key=': success with a sign-in link, or the failure message. */
const ActivatePage = () => {
  const { t } = useTranslation();
  const { runtime, auth } = useServices();
  const [params] = useSearchParams();
  const logic = useMemo(() => provideActivate(runtime), [runtime]);
  const key = params.get('key');
  const actor = useActorRef(logic, { input: { key } });
  // Another key typed or pasted in the address is another activation request.
  useEffect(() => actor.send({ type: 'key.change', key }), [actor, key]);
  const tags = useTags(actor, ['busy', 'done', 'failed']);
  return (
    <div>
      <h1 className="h3">{t('activate.title')}</h1>
      {tags.busy && <Loading />}
      {tags.done && (
        <Alert variant="success">
          <RichMessage message={{ key: 'activate.messages.success' }} />
          <Button
            variant="link"
            className="p-0 alert-link align-baseline"
            onClick={() => auth.send({ type: 'modal.open' })}
          >
            {t('activate.messages.signIn')}
          </Button>
        </Alert>
      )}
      {tags.failed && (
        <Alert variant="danger">
          <RichMessage message={{ key: 'activate.messages.error' }} />
        </Alert>
      )}
    </div>
  );
};

export default ActivatePage;
