import { type Language, provideSessions, sessionLines } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { arrowClockwise } from '../../shared/icons.ts';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { CardFailure } from './CardFailure.tsx';
import { SessionTable } from './SessionTable.tsx';

/** Settings: the caller's sessions, each ended on its own or all the others at once (core's sessions machine). */
export const SessionsCard = () => {
  const { t, i18n } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => provideSessions(runtime), [runtime]);
  const actor = useActorRef(logic);
  const { sessions, error, done } = useActorContext(actor);
  const tags = useTags(actor, ['busy', 'ready', 'failed']);
  const language: Language = i18n.language === 'en' ? 'en' : 'fr';
  const lines = useMemo(() => sessionLines(sessions, language), [sessions, language]);
  const others = lines.filter((line) => !line.current).length;
  return (
    <Card className="mt-4" data-testid="sessions-card">
      <Card.Body>
        <div className="d-flex align-items-start gap-2">
          <Card.Title as="h2" className="h5 me-auto">
            {t('settings.sessions.title')}
          </Card.Title>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={!tags.ready}
            onClick={() => actor.send({ type: 'refresh' })}
          >
            <Icon shape={arrowClockwise} className="me-1" />
            {t('settings.sessions.refresh')}
          </Button>
        </div>
        <p className="text-body-secondary small">{t('settings.sessions.help')}</p>
        {done !== null && tags.ready && (
          <Alert variant="success" data-testid="sessions-done">
            {t(`settings.sessions.${done}`)}
          </Alert>
        )}
        <CardFailure
          error={error}
          failed={tags.failed}
          retry={() => actor.send({ type: 'retry' })}
          testId="sessions-error"
        />
        {lines.length > 0 && (
          <SessionTable lines={lines} busy={tags.busy} onEnd={(id) => actor.send({ type: 'end', id })} />
        )}
        {tags.ready && others === 0 && <p className="mb-0">{t('settings.sessions.none')}</p>}
        {others > 0 && (
          <Button
            variant="outline-danger"
            disabled={tags.busy}
            onClick={() => actor.send({ type: 'endOthers' })}
          >
            {t('settings.sessions.endOthers')}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
};
