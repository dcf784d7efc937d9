import {
  canAccess,
  DESCRIPTORS,
  EVENT_TYPES,
  LIST_SPECS,
  labelKeyOf,
  type TimelineEvent,
} from '@extranet/core';
import type { ReactNode } from 'react';
import { Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';
import { EventIcon } from '../../shared/EventIcon.tsx';
import { formatField } from '../../shared/format.ts';
import { Icon } from '../../shared/Icon.tsx';
import { eye, funnel } from '../../shared/icons.ts';
import { Loading } from '../../shared/Loading.tsx';
import { MultiSelect } from '../../shared/MultiSelect.tsx';
import { Pager } from '../../shared/Pager.tsx';
import { useList } from '../../shared/useList.ts';
import { useMessage } from '../../shared/useMessage.ts';
import { type SavedListsActor, SavedListsGate } from '../lists/SavedListsGate.tsx';
import { SavedListsMenu } from '../lists/SavedListsMenu.tsx';
import { QuickAccess, ServicesBlock } from './Services.tsx';

/**
 * The timeline has no column chooser: its address (docs/design.md §9) holds the page (from 1),
 * sort and type filter (`typeMessage.in=IMP,MED`, as the API names it), so Back from a policy, a
 * reload, a shared address or a saved list shows the same events.
 */
const NO_COLUMNS = { defaultColumns: [], allowedColumns: [] } as const;

/** Cells other than the field's display rule: the type's icon (which labels itself). */
const CELLS: Readonly<Record<string, (event: TimelineEvent) => ReactNode>> = {
  typeMessage: (event) => <EventIcon type={event.typeMessage} />,
};
/** The date stays on one line. */
const CELL_CLASS: Readonly<Record<string, string>> = { time: 'text-nowrap' };
const label = (field: string) => labelKeyOf(DESCRIPTORS.timeline, field);

const Events = () => (
  <SavedListsGate spec={LIST_SPECS.timeline}>{(saved) => <EventList saved={saved} />}</SavedListsGate>
);

const EventList = ({ saved }: { saved: SavedListsActor }) => {
  const { t } = useTranslation();
  // The eye leads to the policy: no eye (nor its column) for an account that may not open one.
  const canView = canAccess(useAccount(), 'policeDetail');
  const translate = useMessage();
  const list = useList('timeline', { spec: LIST_SPECS.timeline }, { address: NO_COLUMNS });
  const { query, page, error } = list.context;
  const typeFilter = query.filters.typeMessage;
  const selected = typeFilter?.op === 'in' ? typeFilter.values : [];
  const items = (page?.items ?? []) as readonly TimelineEvent[];
  const columns = LIST_SPECS.timeline.defaultColumns;
  const changePage = (next: number) => list.send({ type: 'page.change', page: next });
  const changeTypes = (values: string[]) =>
    list.send({ type: 'filter.change', field: 'typeMessage', value: { op: 'in', values } });
  return (
    <section aria-labelledby="events-heading" className="mt-4">
      <h2 id="events-heading" className="h5">
        {t('timeline.recentEvents')}
      </h2>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div className="flex-grow-1" style={{ maxWidth: 720 }}>
          <MultiSelect
            label={t('web.timeline.types')}
            placeholder={t('timeline.filter')}
            options={EVENT_TYPES.map((type) => ({
              value: type,
              label: `${type} — ${t(`eventType.${type}`)}`,
            }))}
            value={selected}
            onChange={changeTypes}
          />
        </div>
        <Button variant="primary" onClick={() => list.send({ type: 'reload' })}>
          <Icon shape={funnel} className="me-1" />
          {t('timeline.filter')}
        </Button>
        <SavedListsMenu saved={saved} spec={LIST_SPECS.timeline} />
      </div>
      {list.failed && error !== null && <div className="alert alert-danger">{translate(error)}</div>}
      {list.loading && page === null ? (
        <Loading />
      ) : items.length === 0 ? (
        <p className="text-body-secondary">{t('web.noResult')}</p>
      ) : (
        <>
          <Table size="sm" striped hover responsive className="table-stack" aria-busy={list.loading}>
            <thead>
              <tr>
                {columns.map((field) => (
                  <th key={field} scope="col">
                    {t(label(field))}
                  </th>
                ))}
                {canView && (
                  <th scope="col">
                    <span className="visually-hidden">{t('lists.view')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {items.map((event) => (
                <tr key={event.id}>
                  {columns.map((field) => {
                    const cell = CELLS[field];
                    return (
                      <td
                        key={field}
                        className={CELL_CLASS[field]}
                        data-label={cell === undefined ? t(label(field)) : undefined}
                      >
                        {cell === undefined
                          ? formatField(field, (event as unknown as Record<string, unknown>)[field])
                          : cell(event)}
                      </td>
                    );
                  })}
                  {canView && (
                    <td>
                      {event.idPolice !== null && (
                        <Link
                          className="btn btn-sm btn-outline-primary"
                          to={pathTo('policeDetail', { id: event.idPolice })}
                          aria-label={`${t('lists.view')} ${event.police ?? event.idPolice}`}
                        >
                          <Icon shape={eye} />
                        </Link>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager page={query.page} total={page?.total ?? 0} size={query.size} onChange={changePage} />
        </>
      )}
    </section>
  );
};

/** The signed-in home: who is signed in, their brand, services, quick access, recent events. */
const TimelinePage = () => {
  const { t } = useTranslation();
  const account = useAccount();
  if (account === null) return null;
  return (
    <div>
      <h1 className="h3">{t('timeline.title')}</h1>
      <p className="mb-1" data-testid="account-login">
        {t('timeline.account', { login: account.login })}
      </p>
      {account.marque !== null && (
        <p data-testid="account-marque">{t('timeline.marque', { marque: account.marque })}</p>
      )}
      <ServicesBlock account={account} />
      <QuickAccess account={account} />
      {canAccess(account, 'timeline') && <Events />}
    </div>
  );
};

export default TimelinePage;
