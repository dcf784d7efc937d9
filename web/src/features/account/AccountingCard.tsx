import { ACCOUNTING_FIELDS, type AccountingSettingsContext, provideAccountingSettings } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { CardFailure } from './CardFailure.tsx';
import { RichMessage } from './formFlow.tsx';

/**
 * Settings: the account numbers of the accounting entries (core's accountingSettings machine),
 * which the statement list's FEC and CSV files carry.
 */
export const AccountingCard = () => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => provideAccountingSettings(runtime), [runtime]);
  const actor = useActorRef(logic);
  const context: AccountingSettingsContext = useActorContext(actor);
  const { values, invalid, error, saved } = context;
  const tags = useTags(actor, ['busy', 'ready', 'failed']);
  const label = (key: string) => t(`settings.accounting.${key}`);
  return (
    <Card className="mt-4" data-testid="accounting-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {label('title')}
        </Card.Title>
        <p className="text-body-secondary small">{label('help')}</p>
        {saved && tags.ready && (
          <Alert variant="success" data-testid="accounting-saved">
            {label('saved')}
          </Alert>
        )}
        <CardFailure
          error={error}
          failed={tags.failed}
          retry={() => actor.send({ type: 'retry' })}
          testId="accounting-error"
        />
        {!tags.failed && (
          <Form
            noValidate
            className="row g-2 align-items-end"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'save' });
            }}
          >
            {ACCOUNTING_FIELDS.map((field) => (
              <Form.Group key={field} className="col-sm-6" controlId={`accounting-${field}`}>
                <Form.Label>{label(field)}</Form.Label>
                <Form.Control
                  value={values[field]}
                  maxLength={field === 'journalCode' ? 10 : 20}
                  autoCapitalize="characters"
                  spellCheck={false}
                  isInvalid={invalid?.field === field}
                  aria-describedby={invalid?.field === field ? `accounting-${field}-error` : undefined}
                  onChange={(e) => actor.send({ type: 'change', field, value: e.target.value })}
                />
                {invalid?.field === field && (
                  <Form.Control.Feedback type="invalid" id={`accounting-${field}-error`}>
                    <RichMessage message={invalid.message} />
                  </Form.Control.Feedback>
                )}
              </Form.Group>
            ))}
            <div className="col-12">
              <Button type="submit" disabled={!tags.ready}>
                {label('save')}
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
};
