import { type IdAssure, personalDataApi } from '@extranet/core';
import { Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiView } from '../../shared/ApiView.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useApi } from '../../shared/useApi.ts';

/** "Who saw this file" for administrators (docs/security.md "Data protection"), newest first. */
export const AccessLogCard = ({ idAssure, round }: { idAssure: IdAssure; round: number }) => {
  const { t } = useTranslation();
  const { state, reload } = useApi(() => personalDataApi.accessLog(Number(idAssure)), [idAssure, round]);
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
            ) : (
              <Table size="sm" striped className="mb-0">
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
                      <td>{[event.ip, event.userAgent].filter(Boolean).join(' — ')}</td>
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
