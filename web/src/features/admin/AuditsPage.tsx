import { defaultAuditRange, formatDateTime, managementApi, type SortOrder, sortParams } from '@extranet/core';
import { useState } from 'react';
import { Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiView } from '../../shared/ApiView.tsx';
import { Pager } from '../../shared/Pager.tsx';
import { SortHeader } from '../../shared/SortHeader.tsx';
import { useApi } from '../../shared/useApi.ts';

const PAGE_SIZE = 20;
const COLUMNS = [
  ['date', 'timestamp'],
  ['user', 'principal'],
  ['state', 'type'],
  ['data', 'data.message'],
] as const;

/** 'Audits': a required date range (one month ago to tomorrow), sortable columns, paging. */
const AuditsPage = () => {
  const { t } = useTranslation();
  const [initial] = useState(() => defaultAuditRange(new Date()));
  const [fromDate, setFrom] = useState(initial.fromDate);
  const [toDate, setTo] = useState(initial.toDate);
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<readonly SortOrder[]>([{ field: 'timestamp', dir: 'desc' }]);
  const valid = fromDate !== '' && toDate !== '';
  const { state, reload } = useApi(
    () => managementApi.audits({ fromDate, toDate, page, size: PAGE_SIZE, sort }),
    [fromDate, toDate, page, sortParams(sort).join('&')],
  );
  return (
    <div>
      <h1 className="h3">{t('audits.title')}</h1>
      <fieldset className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <legend className="h6">{t('audits.filter.title')}</legend>
        <Form.Group controlId="audits-from">
          <Form.Label className="small mb-1">{t('audits.filter.from')}</Form.Label>
          <Form.Control
            type="date"
            size="sm"
            required
            value={fromDate}
            isInvalid={fromDate === ''}
            onChange={(e) => setFrom(e.target.value)}
          />
        </Form.Group>
        <Form.Group controlId="audits-to">
          <Form.Label className="small mb-1">{t('audits.filter.to')}</Form.Label>
          <Form.Control
            type="date"
            size="sm"
            required
            value={toDate}
            isInvalid={toDate === ''}
            onChange={(e) => setTo(e.target.value)}
          />
        </Form.Group>
      </fieldset>
      {valid && (
        <ApiView state={state} reload={reload}>
          {(result) => (
            <>
              <Table striped size="sm" responsive className="table-stack">
                <thead>
                  <tr>
                    {COLUMNS.map(([label, field]) => (
                      <SortHeader key={field} field={field} sort={sort} onSort={setSort}>
                        {t(`audits.table.${label}`)}
                      </SortHeader>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((audit, index) => (
                    <tr key={audit.id ?? index}>
                      <td data-label={t('audits.table.date')}>{formatDateTime(audit.timestamp)}</td>
                      <td data-label={t('audits.table.user')}>{audit.principal}</td>
                      <td data-label={t('audits.table.state')}>{audit.type}</td>
                      <td data-label={t('audits.table.data')} className="text-break">
                        {Object.entries(audit.data)
                          .map(([k, v]) => `${k}: ${String(v)}`)
                          .join(', ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <Pager page={page} total={result.total} size={PAGE_SIZE} onChange={setPage} />
            </>
          )}
        </ApiView>
      )}
    </div>
  );
};

export default AuditsPage;
