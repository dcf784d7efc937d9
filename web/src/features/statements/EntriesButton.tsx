import { type EntriesRequest, provideEntriesDownload } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Alert, Button, Dropdown, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { saveFile } from '../../shared/saveFile.ts';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { RichMessage } from '../account/formFlow.tsx';

/** This year's January to the current month, as `YYYY-MM`. */
const thisYear = () => {
  const now = new Date();
  const year = now.getFullYear();
  return { from: `${year}-01`, to: `${year}-${String(now.getMonth() + 1).padStart(2, '0')}` };
};

/**
 * The statement list's "Écritures comptables": a period and a format, then the FEC (or CSV) file
 * of core's entriesDownload machine (docs/integrations.md).
 */
export const EntriesButton = () => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => provideEntriesDownload(runtime, saveFile), [runtime]);
  const actor = useActorRef(logic);
  const { error } = useActorContext(actor);
  const { busy } = useTags(actor, ['busy']);
  const [request, setRequest] = useState<EntriesRequest>(() => ({ ...thisYear(), format: 'fec' }));
  const label = (key: string) => t(`commission.entries.${key}`);
  return (
    <Dropdown autoClose="outside">
      <Dropdown.Toggle size="sm" variant="outline-secondary" id="entries-download">
        {label('button')}
      </Dropdown.Toggle>
      <Dropdown.Menu className="p-3" style={{ minWidth: 320 }}>
        <Form
          noValidate
          aria-label={label('title')}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'download', request });
          }}
        >
          <p className="small text-body-secondary">{label('help')}</p>
          <Form.Group className="mb-2" controlId="entries-from">
            <Form.Label>{label('from')}</Form.Label>
            <Form.Control
              type="month"
              value={request.from}
              onChange={(e) => setRequest({ ...request, from: e.target.value })}
            />
          </Form.Group>
          <Form.Group className="mb-2" controlId="entries-to">
            <Form.Label>{label('to')}</Form.Label>
            <Form.Control
              type="month"
              value={request.to}
              onChange={(e) => setRequest({ ...request, to: e.target.value })}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="entries-format">
            <Form.Label>{label('format')}</Form.Label>
            <Form.Select
              value={request.format}
              onChange={(e) => setRequest({ ...request, format: e.target.value === 'csv' ? 'csv' : 'fec' })}
            >
              <option value="fec">{t('commission.entries.formats.fec')}</option>
              <option value="csv">{t('commission.entries.formats.csv')}</option>
            </Form.Select>
          </Form.Group>
          {error !== null && (
            <Alert variant="danger" data-testid="entries-error">
              <RichMessage message={error} />
            </Alert>
          )}
          <Button type="submit" disabled={busy}>
            {label('download')}
          </Button>
        </Form>
      </Dropdown.Menu>
    </Dropdown>
  );
};
