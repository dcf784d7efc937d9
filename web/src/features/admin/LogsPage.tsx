import { LOG_LEVEL_TONES, LOG_LEVELS, type Logger, managementApi } from '@extranet/core';
import { useState } from 'react';
import { Button, ButtonGroup, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { ApiView } from '../../shared/ApiView.tsx';
import { useApi } from '../../shared/useApi.ts';

/** 'Logs': count, filter, sortable name/level table, five level buttons per logger. */
const LogsPage = () => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const { state, reload } = useApi(() => managementApi.loggers(), []);
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ by: 'name' | 'level'; asc: boolean }>({ by: 'name', asc: true });
  const change = async (logger: Logger, level: (typeof LOG_LEVELS)[number]) => {
    await runtime.run(managementApi.setLevel(logger.name, level)).catch(() => undefined);
    reload();
  };
  const sortBy = (by: 'name' | 'level') => setSort((s) => ({ by, asc: s.by === by ? !s.asc : true }));
  return (
    <div>
      <h1 className="h3">{t('logs.title')}</h1>
      <ApiView state={state} reload={reload}>
        {(loggers) => {
          const shown = loggers
            .filter((l) => l.name.toLowerCase().includes(filter.toLowerCase()))
            .sort((a, b) => (sort.asc ? 1 : -1) * a[sort.by].localeCompare(b[sort.by]));
          return (
            <>
              <p>{t('logs.nbloggers', { total: loggers.length })}</p>
              <Form.Group controlId="logs-filter" className="mb-2" style={{ maxWidth: 360 }}>
                <Form.Label className="small mb-1">{t('logs.filter')}</Form.Label>
                <Form.Control size="sm" value={filter} onChange={(e) => setFilter(e.target.value)} />
              </Form.Group>
              <Table striped size="sm" responsive>
                <thead>
                  <tr>
                    {(['name', 'level'] as const).map((by) => (
                      <th
                        key={by}
                        scope="col"
                        aria-sort={sort.by === by ? (sort.asc ? 'ascending' : 'descending') : 'none'}
                      >
                        <button
                          type="button"
                          className="btn btn-link p-0 fw-semibold text-decoration-none"
                          onClick={() => sortBy(by)}
                        >
                          {t(`logs.table.${by}`)}
                        </button>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {shown.map((logger) => (
                    <tr key={logger.name}>
                      <td title={logger.name}>
                        {logger.name.length > 140 ? `${logger.name.slice(0, 140)}…` : logger.name}
                      </td>
                      <td>
                        <ButtonGroup size="sm" aria-label={logger.name} className="flex-wrap">
                          {LOG_LEVELS.map((level) => (
                            <Button
                              key={level}
                              variant={logger.level === level ? LOG_LEVEL_TONES[level] : 'light'}
                              aria-pressed={logger.level === level}
                              onClick={() => change(logger, level)}
                            >
                              {level}
                            </Button>
                          ))}
                        </ButtonGroup>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          );
        }}
      </ApiView>
    </div>
  );
};

export default LogsPage;
