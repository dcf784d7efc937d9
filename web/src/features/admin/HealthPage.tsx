import { formatDiskSpace, type HealthItem, type Language, managementApi } from '@extranet/core';
import { useState } from 'react';
import { Badge, Button, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiView } from '../../shared/ApiView.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { arrowClockwise, eye } from '../../shared/icons.ts';
import { useApi } from '../../shared/useApi.ts';

/** 'Health Checks': indicators with status badges, a detail dialog, Refresh. */
const HealthPage = () => {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'fr';
  const { state, reload } = useApi(() => managementApi.health(), []);
  // Disk space figures are bytes on the wire: shown in GB (MB under one GB).
  const shownValue = (item: HealthItem, value: unknown) =>
    item.name === 'diskSpace' && typeof value === 'number' ? formatDiskSpace(value, language) : String(value);
  const [shown, setShown] = useState<HealthItem | null>(null);
  const name = (item: HealthItem) => t(`health.indicator.${item.name}`, { defaultValue: item.name });
  return (
    <div>
      <div className="d-flex align-items-center mb-3">
        <h1 className="h3 me-auto mb-0">{t('health.title')}</h1>
        <Button variant="primary" onClick={reload}>
          <Icon shape={arrowClockwise} className="me-1" />
          {t('health.refresh')}
        </Button>
      </div>
      <ApiView state={state} reload={reload}>
        {(health) => (
          <Table striped size="sm" responsive>
            <thead>
              <tr>
                <th scope="col">{t('health.table.service')}</th>
                <th scope="col">{t('health.table.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('health.details.title')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {health.items.map((item) => (
                <tr key={item.name}>
                  <td>{name(item)}</td>
                  <td>
                    <Badge bg={item.status === 'UP' ? 'success' : 'danger'}>
                      {t(`health.status.${item.status}`, { defaultValue: item.status })}
                    </Badge>
                  </td>
                  <td>
                    {(Object.keys(item.details).length > 0 || item.error !== null) && (
                      <Button
                        size="sm"
                        variant="link"
                        className="p-0"
                        aria-label={`${t('health.details.title')} ${name(item)}`}
                        onClick={() => setShown(item)}
                      >
                        <Icon shape={eye} />
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ApiView>
      {shown !== null && (
        <Modal show onHide={() => setShown(null)} aria-labelledby="health-detail-title">
          <Modal.Header closeButton closeLabel={t('web.close')}>
            <Modal.Title id="health-detail-title" as="h2" className="h5">
              {name(shown)}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Table size="sm">
              <thead>
                <tr>
                  <th scope="col">{t('health.details.name')}</th>
                  <th scope="col">{t('health.details.value')}</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(shown.details).map(([key, value]) => (
                  <tr key={key}>
                    <td>{key}</td>
                    <td>{shownValue(shown, value)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {shown.error !== null && (
              <div>
                <h3 className="h6">{t('health.details.error')}</h3>
                <pre className="text-danger">{shown.error}</pre>
              </div>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button onClick={() => setShown(null)}>{t('health.details.done')}</Button>
          </Modal.Footer>
        </Modal>
      )}
    </div>
  );
};

export default HealthPage;
