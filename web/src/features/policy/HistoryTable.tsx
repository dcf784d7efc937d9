import type { TimelineEvent } from '@extranet/core';
import { useState } from 'react';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EventIcon } from '../../shared/EventIcon.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { Pager } from '../../shared/Pager.tsx';

const PAGE_SIZE = 10;

/** The policy's events, newest first, 10 per page (docs/product.md §2 "Historique"). */
export const HistoryTable = ({ events }: { events: readonly TimelineEvent[] }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const sorted = [...events].sort((a, b) => b.time.localeCompare(a.time));
  const rows = sorted.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  return (
    <section className="mt-4" aria-labelledby="history-heading">
      <h3 id="history-heading" className="h5">
        {t('police.detail.historique')}
      </h3>
      <Table size="sm" striped responsive>
        <thead>
          <tr>
            <th scope="col">{t('fields.typeMessage')}</th>
            <th scope="col">{t('fields.time')}</th>
            <th scope="col">{t('fields.message')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((event) => (
            <tr key={event.id}>
              <td>
                <EventIcon type={event.typeMessage} />
              </td>
              <td>{formatDateTime(event.time)}</td>
              <td>{event.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Pager page={page} total={sorted.length} size={PAGE_SIZE} onChange={setPage} />
    </section>
  );
};
