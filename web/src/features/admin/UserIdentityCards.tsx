import {
  formatDateTime,
  type Language,
  provideUserSessions,
  provideUserTwoFactor,
  sessionLines,
} from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { CardFailure } from '../account/CardFailure.tsx';
import { SessionTable } from '../account/SessionTable.tsx';

const key = (name: string) => `userManagement.identity.${name}`;

/** A user's second factor, for an administrator: enrolled or not, required or not, and its reset. */
const UserTwoFactorCard = ({ login }: { readonly login: string }) => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => provideUserTwoFactor(runtime, login), [runtime, login]);
  const actor = useActorRef(logic);
  const { status, error, reset } = useActorContext(actor);
  const tags = useTags(actor, ['busy', 'ready', 'failed']);
  return (
    <Card className="mb-3" data-testid="user-two-factor">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t(key('twoFactorTitle'))}
        </Card.Title>
        {reset && tags.ready && <Alert variant="success">{t(key('resetDone'))}</Alert>}
        <CardFailure error={error} failed={tags.failed} retry={() => actor.send({ type: 'retry' })} />
        {status !== null && (
          <p data-testid="user-two-factor-status">
            {status.enabled
              ? t(key('enrolled'), {
                  date: formatDateTime(status.enrolledAt),
                  left: status.recoveryCodesLeft,
                })
              : t(key('notEnrolled'))}{' '}
            {status.required && t(key('required'))}
          </p>
        )}
        {status?.enabled === true && (
          <Button
            variant="outline-danger"
            disabled={!tags.ready}
            onClick={() => actor.send({ type: 'reset' })}
          >
            {t(key('reset'))}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
};

/** A user's sessions, for an administrator, all ended at once. */
const UserSessionsCard = ({ login }: { readonly login: string }) => {
  const { t, i18n } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => provideUserSessions(runtime, login), [runtime, login]);
  const actor = useActorRef(logic);
  const { sessions, error, done } = useActorContext(actor);
  const tags = useTags(actor, ['busy', 'ready', 'failed']);
  const language: Language = i18n.language === 'en' ? 'en' : 'fr';
  const lines = useMemo(() => sessionLines(sessions, language), [sessions, language]);
  return (
    <Card className="mb-3" data-testid="user-sessions">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t(key('sessionsTitle'))}
        </Card.Title>
        {done !== null && tags.ready && <Alert variant="success">{t(key('allEnded'))}</Alert>}
        <CardFailure error={error} failed={tags.failed} retry={() => actor.send({ type: 'retry' })} />
        {lines.length > 0 ? (
          <>
            <SessionTable lines={lines} busy={tags.busy} />
            <Button
              variant="outline-danger"
              disabled={!tags.ready}
              onClick={() => actor.send({ type: 'endOthers' })}
            >
              {t(key('endAll'))}
            </Button>
          </>
        ) : (
          tags.ready && <p className="mb-0">{t(key('noSessions'))}</p>
        )}
      </Card.Body>
    </Card>
  );
};

/** The user detail screen's identity part: second factor and sessions (docs/security.md). */
export const UserIdentityCards = ({ login }: { readonly login: string }) => (
  <div className="mt-4">
    <UserTwoFactorCard login={login} />
    <UserSessionsCard login={login} />
  </div>
);
