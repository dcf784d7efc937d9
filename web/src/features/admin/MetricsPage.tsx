import {
  cacheNames,
  formatDecimal,
  type Language,
  type Metrics,
  managementApi,
  percentOf,
  timerMillis,
  toMegabytes,
} from '@extranet/core';
import { useState } from 'react';
import { Button, Col, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/Icon.tsx';
import { arrowClockwise, eye } from '../../shared/icons.ts';
import { Loading } from '../../shared/Loading.tsx';
import { useApi } from '../../shared/useApi.ts';
import { ThreadDump } from './ThreadDump.tsx';

const FILTER = 'com.codahale.metrics.servlet.InstrumentedFilter';
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const mb = (value: unknown) => toMegabytes(num(value));

const Memory = ({ metrics }: { metrics: Metrics }) => {
  const { t } = useTranslation();
  const g = metrics.gauges;
  const bar = (label: string, used: unknown, max: unknown) => (
    <div className="mb-2">
      <div className="small">
        {label}: {mb(used)}M / {mb(max)}M
      </div>
      <progress className="w-100" max={100} value={percentOf(num(used), num(max))} aria-label={label} />
    </div>
  );
  return (
    <>
      <h3 className="h6">{t('metrics.jvm.memory.title')}</h3>
      {bar(
        t('metrics.jvm.memory.total'),
        g['jvm.memory.total.used']?.value,
        g['jvm.memory.total.max']?.value,
      )}
      {bar(t('metrics.jvm.memory.heap'), g['jvm.memory.heap.used']?.value, g['jvm.memory.heap.max']?.value)}
      {bar(
        t('metrics.jvm.memory.nonheap'),
        g['jvm.memory.non-heap.used']?.value,
        g['jvm.memory.non-heap.committed']?.value,
      )}
    </>
  );
};

const Threads = ({ metrics, onDump }: { metrics: Metrics; onDump: () => void }) => {
  const { t } = useTranslation();
  const g = metrics.gauges;
  const total = num(g['jvm.threads.count']?.value);
  const row = (label: string, key: string) => (
    <div className="mb-1">
      <div className="small">
        {label} ({num(g[key]?.value)})
      </div>
      <progress className="w-100" max={100} value={percentOf(num(g[key]?.value), total)} aria-label={label} />
    </div>
  );
  return (
    <>
      <h3 className="h6">{t('metrics.jvm.threads.title')}</h3>
      <div className="small mb-1">
        {t('metrics.jvm.threads.all')}: {total}
      </div>
      {row(t('metrics.jvm.threads.runnable'), 'jvm.threads.runnable.count')}
      {row(t('metrics.jvm.threads.timedwaiting'), 'jvm.threads.timed_waiting.count')}
      {row(t('metrics.jvm.threads.waiting'), 'jvm.threads.waiting.count')}
      {row(t('metrics.jvm.threads.blocked'), 'jvm.threads.blocked.count')}
      <Button size="sm" variant="outline-primary" className="mt-2" onClick={onDump}>
        <Icon shape={eye} className="me-1" />
        {t('metrics.jvm.threads.dump.title')}
      </Button>
    </>
  );
};

/** 'Application Metrics': memory, threads (with the dump), GC, HTTP, services, caches, data source. */
const MetricsPage = () => {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'fr';
  const fixed = (value: unknown) => formatDecimal(num(value), language);
  const { state, reload } = useApi(() => managementApi.metrics(), []);
  const [dump, setDump] = useState(false);
  const metrics = state.status === 'ready' ? state.data : null;
  const g = metrics?.gauges ?? {};
  const gcs = Object.keys(g).filter((k) => k.startsWith('jvm.garbage.'));
  const services = Object.entries(metrics?.timers ?? {}).filter(([k]) => !k.startsWith(FILTER));
  const caches = metrics === null ? [] : cacheNames(metrics);
  const pool = num(g['HikariPool-1.pool.TotalConnections']?.value);
  return (
    <div>
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h3 me-auto mb-0">{t('metrics.title')}</h1>
        {state.status === 'loading' && <span className="text-body-secondary">{t('metrics.updating')}</span>}
        <Button onClick={reload}>
          <Icon shape={arrowClockwise} className="me-1" />
          {t('metrics.refresh')}
        </Button>
      </div>
      {metrics === null ? (
        <Loading />
      ) : (
        <>
          <h2 className="h5">{t('metrics.jvm.title')}</h2>
          <Row className="g-4 mb-3">
            <Col md={4}>
              <Memory metrics={metrics} />
            </Col>
            <Col md={4}>
              <Threads metrics={metrics} onDump={() => setDump(true)} />
            </Col>
            <Col md={4}>
              <h3 className="h6">{t('metrics.jvm.gc.title')}</h3>
              <Table size="sm">
                <tbody>
                  {gcs.map((key) => (
                    <tr key={key}>
                      <th scope="row" className="fw-normal">
                        {key.replace('jvm.garbage.', '')}
                      </th>
                      <td className="text-end">{num(g[key]?.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Col>
          </Row>
          <h2 className="h5">{t('metrics.jvm.http.title')}</h2>
          <p className="small">
            {t('metrics.jvm.http.active')} {num(metrics.counters[`${FILTER}.activeRequests`]?.count)} —{' '}
            {t('metrics.jvm.http.total')} {num(metrics.timers[`${FILTER}.requests`]?.count)}
          </p>
          <Table size="sm" striped responsive>
            <thead>
              <tr>
                {['code', 'count', 'mean'].map((k) => (
                  <th key={k} scope="col">
                    {t(`metrics.jvm.http.table.${k}`)}
                  </th>
                ))}
                <th scope="col">1 min</th>
                <th scope="col">5 min</th>
                <th scope="col">15 min</th>
              </tr>
            </thead>
            <tbody>
              {(
                [
                  ['ok', 'ok'],
                  ['notfound', 'notFound'],
                  ['servererror', 'serverError'],
                ] as const
              ).map(([label, key]) => {
                const meter = metrics.meters[`${FILTER}.responseCodes.${key}`];
                return (
                  <tr key={key}>
                    <td>{t(`metrics.jvm.http.code.${label}`)}</td>
                    <td>{num(meter?.count)}</td>
                    <td>{fixed(meter?.mean_rate)}</td>
                    <td>{fixed(meter?.m1_rate)}</td>
                    <td>{fixed(meter?.m5_rate)}</td>
                    <td>{fixed(meter?.m15_rate)}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <h2 className="h5">{t('metrics.servicesstats.title')}</h2>
          <Table size="sm" striped responsive>
            <thead>
              <tr>
                {['name', 'count', 'mean', 'min', 'max'].map((k) => (
                  <th key={k} scope="col">
                    {t(`metrics.servicesstats.table.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {services.map(([name, timer]) => (
                <tr key={name}>
                  <td>{name}</td>
                  <td>{num(timer.count)}</td>
                  <td>{timerMillis(timer, 'mean')}</td>
                  <td>{timerMillis(timer, 'min')}</td>
                  <td>{timerMillis(timer, 'max')}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {caches.length > 0 && (
            <>
              <h2 className="h5">{t('metrics.cache.title')}</h2>
              <Table size="sm" striped responsive>
                <thead>
                  <tr>
                    <th scope="col">{t('metrics.cache.cachename')}</th>
                    <th scope="col">{t('metrics.cache.hits')}</th>
                    <th scope="col">{t('metrics.cache.misses')}</th>
                    <th scope="col">{t('metrics.cache.hitPercent')}</th>
                  </tr>
                </thead>
                <tbody>
                  {caches.map((name) => (
                    <tr key={name}>
                      <td>{name}</td>
                      <td>{num(g[`jcache.statistics.${name}.cache-hits`]?.value)}</td>
                      <td>{num(g[`jcache.statistics.${name}.cache-misses`]?.value)}</td>
                      <td>{fixed(g[`jcache.statistics.${name}.cache-hit-percentage`]?.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          )}
          {pool > 0 && (
            <>
              <h2 className="h5">{t('metrics.datasource.title')}</h2>
              <p className="small" data-testid="datasource">
                {t('metrics.datasource.name')}: HikariPool-1 — {t('metrics.datasource.usage')} (
                {num(g['HikariPool-1.pool.ActiveConnections']?.value)} / {pool})
              </p>
            </>
          )}
        </>
      )}
      {dump && <ThreadDump onClose={() => setDump(false)} />}
    </div>
  );
};

export default MetricsPage;
