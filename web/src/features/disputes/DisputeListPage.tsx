import {
  CONTRACT,
  call,
  DISPUTE_LIST_COLUMNS,
  DISPUTE_STATUSES,
  type DisputeStatus,
  formatDate,
  formatEur,
  formatInstantDate,
} from '@extranet/core';
import { useState } from 'react';
import { Card, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { ApiView } from '../../shared/ApiView.tsx';
import { useApi } from '../../shared/useApi.ts';
import { PHONE, useMediaQuery } from '../../shared/useMediaQuery.ts';

/** `/disputes`: the caller's disputes (all of them for the back office), latest change first. */
const DisputeListPage = () => {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE);
  const [status, setStatus] = useState<DisputeStatus | ''>('');
  const { state, reload } = useApi(
    () => call(CONTRACT.disputes.list, { query: { size: '200', ...(status ? { status } : {}) } }),
    [status],
  );
  const f = (key: string) => t(`disputes.field.${key}`);
  return (
    <div>
      <h1 className="h3">{t('web.title.disputes')}</h1>
      <Form.Select
        aria-label={f('status')}
        className="mb-3"
        style={{ maxWidth: 320 }}
        value={status}
        onChange={(e) => setStatus(e.target.value as DisputeStatus | '')}
      >
        <option value="">{t('disputes.filterStatus')}</option>
        {DISPUTE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`disputes.status.${s}`)}
          </option>
        ))}
      </Form.Select>
      <ApiView state={state} reload={reload}>
        {(rows) =>
          rows.length === 0 ? (
            <p>{t('disputes.none')}</p>
          ) : phone ? (
            <div className="d-flex flex-column gap-2" data-testid="dispute-cards">
              {rows.map((d) => (
                <Card key={d.id} data-testid="dispute-card">
                  <Card.Body>
                    <Card.Title className="h6">
                      <Link to={pathTo('disputeDetail', { id: d.id })}>
                        {t('web.title.disputeDetail')} {d.id} — {t(`disputes.reason.${d.reason}`)}
                      </Link>
                    </Card.Title>
                    <div>{t(`disputes.status.${d.status}`)}</div>
                    <div>
                      {f('amountClaimed')} : {formatEur(d.amountClaimed)}
                    </div>
                    <div>
                      {f('police')} : {d.police ?? '—'} · {d.codeCourtierPortail}
                    </div>
                  </Card.Body>
                </Card>
              ))}
            </div>
          ) : (
            <Table striped hover responsive data-testid="dispute-table">
              <thead>
                <tr>
                  {DISPUTE_LIST_COLUMNS.map((key) => (
                    <th key={key}>{f(key)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => (
                  <tr key={d.id}>
                    <td>
                      <Link to={pathTo('disputeDetail', { id: d.id })}>{d.id}</Link>
                    </td>
                    <td>{t(`disputes.status.${d.status}`)}</td>
                    <td>{t(`disputes.reason.${d.reason}`)}</td>
                    <td className="text-end">{formatEur(d.amountClaimed)}</td>
                    <td>{d.police ?? '—'}</td>
                    <td>{d.codeCourtierPortail}</td>
                    <td>{formatDate(d.deadline)}</td>
                    <td>{formatInstantDate(d.lastModifiedDate)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </ApiView>
    </div>
  );
};

export default DisputeListPage;
