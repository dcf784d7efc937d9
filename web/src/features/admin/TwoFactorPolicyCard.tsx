import { provideTwoFactorPolicy } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { CardFailure } from '../account/CardFailure.tsx';

const key = (name: string) => `userManagement.twoFactorPolicy.${name}`;

/** Users screen: the roles whose users must sign in with a second factor (core's twoFactorPolicy machine). */
export const TwoFactorPolicyCard = () => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => provideTwoFactorPolicy(runtime), [runtime]);
  const actor = useActorRef(logic);
  const { choices, selected, error, saved } = useActorContext(actor);
  const tags = useTags(actor, ['busy', 'ready', 'failed']);
  return (
    <Card className="mt-4" data-testid="two-factor-policy">
      <Card.Body>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'save' });
          }}
        >
          <fieldset>
            <legend className="h5">{t(key('title'))}</legend>
            <p className="text-body-secondary small">{t(key('help'))}</p>
            {saved && <Alert variant="success">{t(key('saved'))}</Alert>}
            <CardFailure error={error} failed={tags.failed} retry={() => actor.send({ type: 'retry' })} />
            <div className="d-flex flex-wrap gap-3 mb-3">
              {choices.map((role: string) => (
                <Form.Check
                  key={role}
                  id={`two-factor-role-${role}`}
                  label={role}
                  checked={selected.includes(role)}
                  disabled={!tags.ready}
                  onChange={() => actor.send({ type: 'toggle', role })}
                />
              ))}
            </div>
          </fieldset>
          {choices.length > 0 && (
            <Button type="submit" disabled={!tags.ready}>
              {t(key('save'))}
            </Button>
          )}
        </Form>
      </Card.Body>
    </Card>
  );
};
