import { type IdAssure, personalDataApi } from '@extranet/core';
import { Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiView } from '../../shared/ApiView.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useApi } from '../../shared/useApi.ts';
import { PHONE, useMediaQuery } from '../../shared/useMediaQuery.ts';

/** "Who saw this file" for administrators (docs/security.md "Data protection"), newest first. */
export const AccessLogCard = ({
  idAssure,
  anonymisedAt,
}: {
  idAssure: IdAssure;
  /** A new anonymisation reloads the log (it records one). */
  anonymisedAt: string | null;
}) => {
  const { t } = useTranslation();
  // Four columns do not fit a phone: one entry per line there, the action first, nothing cut.
  const phone = useMediaQuery(PHONE);
  const { state, reload } = useApi(
    () => personalDataApi.accessLog(Number(idAssure)),
    [idAssure, anonymisedAt],
  );
  return (
    <Card className="mt-3" as="section" aria-labelledby="access-log-title">
      <Card.Body>
        <Card.Title as="h2" className="h5" id="access-log-title">
          {t('personalData.accessLog.title')}
        </Card.Title>
        <ApiView state={state} reload={reload}>
          {(events) =>
            events.length === 0 ? (
              <p className="mb-0">{t('personalData.accessLog.empty')}</p>
            ) : phone ? (
              <ul className="list-unstyled mb-0" data-testid="access-log-entries">
                {events.map((event) => (
                  <li key={event.id} className="border-bottom py-2 text-break">
                    <div className="fw-semibold">{t(`personalData.accessLog.kinds.${event.kind}`)}</div>
                    <div className="small">
                      {formatDateTime(event.at)} · {event.login}
                    </div>
                    {event.ip !== null && <div className="small text-body-secondary">{event.ip}</div>}
                  </li>
                ))}
              </ul>
            ) : (
              <Table size="sm" striped responsive className="mb-0">
                <thead>
                  <tr>
                    <th>{t('personalData.accessLog.at')}</th>
                    <th>{t('personalData.accessLog.login')}</th>
                    <th>{t('personalData.accessLog.kind')}</th>
                    <th>{t('personalData.accessLog.from')}</th>
                  </tr>
                </thead>
                <tbody>
                  {events.map((event) => (
                    <tr key={event.id}>
                      <td>{formatDateTime(event.at)}</td>
                      <td>{event.login}</td>
                      <td>{t(`personalData.accessLog.kinds.${event.kind}`)}</td>
                      <td>
                        {event.ip}
                        {/* The browser's name is long: wide screens only (the JSON and the CLI carry it). */}
                        {event.userAgent !== null && (
                          <span className="d-none d-lg-inline small text-body-secondary">
                            {event.ip === null ? '' : ' — '}
                            {event.userAgent}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )
          }
        </ApiView>
      </Card.Body>
    </Card>
  );
};
