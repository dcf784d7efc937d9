import { formatDateTime, managementApi, type SortOrder } from '@extranet/core';
import { useState } from 'react';
import { Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiView } from '../../shared/ApiView.tsx';
import { Pager } from '../../shared/Pager.tsx';
import { useApi } from '../../shared/useApi.ts';

const iso = (date: Date) => date.toISOString().slice(0, 10);
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
  const today = new Date();
  const [fromDate, setFrom] = useState(
    iso(new Date(today.getFullYear(), today.getMonth() - 1, today.getDate())),
  );
  const [toDate, setTo] = useState(iso(new Date(today.getTime() + 86_400_000)));
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<SortOrder>({ field: 'timestamp', dir: 'desc' });
  const valid = fromDate !== '' && toDate !== '';
  const { state, reload } = useApi(
    () => managementApi.audits({ fromDate, toDate, page, size: PAGE_SIZE, sort: [sort] }),
    [fromDate, toDate, page, sort.field, sort.dir],
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
              <Table striped size="sm">
                <thead>
                  <tr>
                    {COLUMNS.map(([label, field]) => (
                      <th
                        key={field}
                        scope="col"
                        aria-sort={
                          sort.field === field ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'
                        }
                      >
                        <button
                          type="button"
                          className="btn btn-link p-0 fw-semibold text-decoration-none"
                          onClick={() =>
                            setSort((s) => ({
                              field,
                              dir: s.field === field && s.dir === 'asc' ? 'desc' : 'asc',
                            }))
                          }
                        >
                          {t(`audits.table.${label}`)}
                        </button>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((audit, index) => (
                    <tr key={audit.id ?? index}>
                      <td>{formatDateTime(audit.timestamp)}</td>
                      <td>{audit.principal}</td>
                      <td>{audit.type}</td>
                      <td>
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
