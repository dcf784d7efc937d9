import { managementApi, THREAD_STATES } from '@extranet/core';
import { useState } from 'react';
import { Badge, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiView } from '../../shared/ApiView.tsx';
import { useApi } from '../../shared/useApi.ts';

const STATE_VARIANT: Record<string, string> = {
  RUNNABLE: 'success',
  WAITING: 'info',
  TIMED_WAITING: 'warning',
  BLOCKED: 'danger',
};

/** The thread dump dialog: state badges with counts (one or none selected), text filter, stacks. */
export const ThreadDump = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const { state, reload } = useApi(() => managementApi.threadDump(), []);
  const [only, setOnly] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const d = (key: string) => t(`metrics.jvm.threads.dump.${key}`);
  return (
    <Modal show onHide={onClose} size="xl" aria-labelledby="dump-title">
      <Modal.Header closeButton closeLabel={t('web.close')}>
        <Modal.Title id="dump-title" as="h2" className="h5">
          {d('title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ApiView state={state} reload={reload}>
          {(threads) => {
            const count = (s: string) => threads.filter((th) => th.threadState === s).length;
            const needle = filter.toLowerCase();
            const shown = threads.filter(
              (th) =>
                (only === null || th.threadState === only) &&
                (needle === '' || `${th.threadName} ${th.lockName ?? ''}`.toLowerCase().includes(needle)),
            );
            return (
              <>
                <div className="d-flex flex-wrap gap-2 mb-2">
                  <Button
                    size="sm"
                    variant={only === null ? 'primary' : 'outline-primary'}
                    onClick={() => setOnly(null)}
                  >
                    {t('metrics.jvm.threads.all')}{' '}
                    <Badge bg="light" text="dark">
                      {threads.length}
                    </Badge>
                  </Button>
                  {THREAD_STATES.map((s) => (
                    <Button
                      key={s}
                      size="sm"
                      variant={only === s ? STATE_VARIANT[s] : `outline-${STATE_VARIANT[s]}`}
                      onClick={() => setOnly(only === s ? null : s)}
                    >
                      {s}{' '}
                      <Badge bg="light" text="dark">
                        {count(s)}
                      </Badge>
                    </Button>
                  ))}
                </div>
                <Form.Group controlId="dump-filter" className="mb-2">
                  <Form.Label className="small mb-1">{d('filter')}</Form.Label>
                  <Form.Control size="sm" value={filter} onChange={(e) => setFilter(e.target.value)} />
                </Form.Group>
                {shown.map((th) => (
                  <div key={th.threadId} className="border rounded p-2 mb-2 small">
                    <Badge bg={STATE_VARIANT[th.threadState] ?? 'secondary'}>{th.threadState}</Badge>{' '}
                    <strong>{th.threadName}</strong> (ID {th.threadId}){' '}
                    <Button
                      size="sm"
                      variant="link"
                      onClick={() =>
                        setOpen((o) =>
                          o.has(th.threadId)
                            ? new Set([...o].filter((id) => id !== th.threadId))
                            : new Set([...o, th.threadId]),
                        )
                      }
                    >
                      {open.has(th.threadId) ? d('hidestacktrace') : d('showstacktrace')}
                    </Button>
                    {open.has(th.threadId) && (
                      <pre className="mb-1">
                        {th.stackTrace
                          .map((f) => `${f.className}.${f.methodName}(${f.fileName ?? ''}:${f.lineNumber})`)
                          .join('\n')}
                      </pre>
                    )}
                    <div>
                      {d('blockedtime')}: {th.blockedTime} · {d('blockedcount')}: {th.blockedCount} ·{' '}
                      {d('waitedtime')}: {th.waitedTime} · {d('waitedcount')}: {th.waitedCount} ·{' '}
                      {d('lockname')}: {th.lockName ?? ''}
                    </div>
                  </div>
                ))}
              </>
            );
          }}
        </ApiView>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('health.details.done')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};
