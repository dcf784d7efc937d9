import {
  type Language,
  MAX_TOKEN_DAYS,
  providePersonalTokens,
  type TokenScope,
  tokenLines,
} from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { CardFailure } from './CardFailure.tsx';

const LIVES = [30, 90, 180, MAX_TOKEN_DAYS] as const;
const SCOPES: readonly TokenScope[] = ['read', 'read+export'];

/**
 * Settings: the caller's personal access tokens (core's personalTokens machine): create one (its
 * secret shown once, until dismissed), see each one's last use, revoke one.
 */
export const TokensCard = () => {
  const { t, i18n } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => providePersonalTokens(runtime), [runtime]);
  const actor = useActorRef(logic);
  const { tokens, error, done, created } = useActorContext(actor);
  const tags = useTags(actor, ['busy', 'ready', 'failed']);
  const language: Language = i18n.language === 'en' ? 'en' : 'fr';
  const lines = useMemo(() => tokenLines(tokens, language, Date.now()), [tokens, language]);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [days, setDays] = useState<number>(90);
  // A created token empties the name for the next one (its secret is shown above meanwhile).
  const createdId = created?.id;
  useEffect(() => {
    if (createdId !== undefined) setName('');
  }, [createdId]);
  const label = (key: string) => t(`settings.tokens.${key}`);
  return (
    <Card className="mt-4" data-testid="tokens-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {label('title')}
        </Card.Title>
        <p className="text-body-secondary small">{label('help')}</p>
        {created !== null && (
          <Alert variant="warning" data-testid="token-secret">
            <p className="mb-1">
              <strong>{t('settings.tokens.secret', { name: created.name })}</strong>
            </p>
            <p className="mb-2">{label('shownOnce')}</p>
            <code className="d-block user-select-all text-break text-body mb-2">{created.token}</code>
            <Button size="sm" variant="outline-dark" onClick={() => actor.send({ type: 'dismiss' })}>
              {label('dismiss')}
            </Button>
          </Alert>
        )}
        {done !== null && created === null && tags.ready && (
          <Alert variant="success" data-testid="tokens-done">
            {label(done === 'created' ? 'doneCreated' : 'doneRevoked')}
          </Alert>
        )}
        <CardFailure
          error={error}
          failed={tags.failed}
          retry={() => actor.send({ type: 'retry' })}
          testId="tokens-error"
        />
        <Form
          noValidate
          className="row g-2 align-items-end mb-3"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'create', token: { name, scope, expiresInDays: days } });
          }}
        >
          <Form.Group className="col-sm-5" controlId="token-name">
            <Form.Label>{label('name')}</Form.Label>
            <Form.Control
              value={name}
              maxLength={100}
              placeholder={label('namePlaceholder')}
              onChange={(e) => setName(e.target.value)}
            />
          </Form.Group>
          <Form.Group className="col-sm-4" controlId="token-scope">
            <Form.Label>{label('scope')}</Form.Label>
            <Form.Select value={scope} onChange={(e) => setScope(e.target.value as TokenScope)}>
              {SCOPES.map((s) => (
                <option key={s} value={s}>
                  {t(`settings.tokens.scopes.${s}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="col-sm-3" controlId="token-expiry">
            <Form.Label>{label('expiry')}</Form.Label>
            <Form.Select value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {LIVES.map((d) => (
                <option key={d} value={d}>
                  {t('settings.tokens.days', { count: d })}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <div className="col-12">
            <Button type="submit" disabled={!tags.ready}>
              {label('create')}
            </Button>
          </div>
        </Form>
        {tags.ready && lines.length === 0 && <p className="mb-0">{label('none')}</p>}
        {lines.length > 0 && (
          <Table size="sm" responsive className="table-stack" data-testid="tokens-table">
            <thead>
              <tr>
                <th scope="col">{label('name')}</th>
                <th scope="col">{label('scope')}</th>
                <th scope="col">{label('prefix')}</th>
                <th scope="col">{label('expires')}</th>
                <th scope="col">{label('lastUsed')}</th>
                <th scope="col">
                  <span className="visually-hidden">{label('revoke')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id} data-testid="token-row">
                  <td data-label={label('name')}>{line.name}</td>
                  <td data-label={label('scope')}>{t(`settings.tokens.scopes.${line.scope}`)}</td>
                  <td data-label={label('prefix')}>
                    <code>{line.prefix}</code>
                  </td>
                  <td data-label={label('expires')}>
                    {line.expires} {line.expired && <Badge bg="secondary">{label('expired')}</Badge>}
                  </td>
                  <td data-label={label('lastUsed')}>
                    {line.lastUsed === '' ? label('never') : line.lastUsed}
                  </td>
                  <td>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={tags.busy}
                      aria-label={t('settings.tokens.revokeNamed', { name: line.name })}
                      onClick={() => actor.send({ type: 'revoke', id: line.id })}
                    >
                      {label('revoke')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
};
