import { DESCRIPTORS, features, IdPolice, LIST_SPECS, parseKey, visibleColumns } from '@extranet/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Alert, Button, Collapse, Tab, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAccount } from '../../app/ServicesContext.tsx';
import { Loading } from '../../shared/Loading.tsx';
import { useList } from '../../shared/useList.ts';
import { useMessage } from '../../shared/useMessage.ts';
import { PolicyDetail } from '../policy/PolicyDetail.tsx';
import { FilterChips } from './FilterChips.tsx';
import type { FilterHost } from './filters.tsx';
import { ListView } from './ListView.tsx';
import { PagingFooter } from './PagingFooter.tsx';
import { type SavedListsActor, SavedListsGate } from './SavedListsGate.tsx';
import { SavedListsMenu } from './SavedListsMenu.tsx';
import { ClearFilters, ColumnChooser, ExportButton, GlobalSearch, PresetSelect } from './Toolbar.tsx';
import { useColumnLabels } from './useColumnLabels.ts';

/** The two portfolio lists: 'Votre Portefeuille' and 'Vos assurés'. */
type Kind = 'police' | 'assures';

type Row = { readonly idPolice: IdPolice; readonly id: number; readonly idAssure?: number };

/**
 * The 'Fiche Client' tab in the address (`fiche={idPolice}`): opening a row adds a history entry,
 * so Back returns to the list as it was; 'Retour' goes back the same way.
 */
const useFiche = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const id = parseKey(IdPolice, new URLSearchParams(location.search).get('fiche'));
  const [last, setLast] = useState(id);
  if (id !== null && id !== last) setLast(id);
  const withFiche = useCallback(
    (next: IdPolice | null) => {
      const params = new URLSearchParams(location.search);
      if (next === null) params.delete('fiche');
      else params.set('fiche', String(next));
      const search = params.toString();
      return { pathname: location.pathname, search: search === '' ? '' : `?${search}` };
    },
    [location.pathname, location.search],
  );
  const open = useCallback(
    (idPolice: IdPolice) => navigate(withFiche(idPolice), { state: { fiche: true } }),
    [navigate, withFiche],
  );
  const close = useCallback(() => {
    // Opened from this list: Back, so the list's entry is the one shown (not a new copy of it).
    if ((location.state as { fiche?: boolean } | null)?.fiche === true) navigate(-1);
    else navigate(withFiche(null), { replace: true });
  }, [location.state, navigate, withFiche]);
  return { id, last, open, close };
};

// 'Plus de filtres...': loaded when first opened (or pointed at), not before the first rows.
const loadFilters = () => import('./PortfolioFilters.tsx');
const PortfolioFilters = lazy(loadFilters);
// A failure here is the lazy import's to report, when the panel opens.
const prefetchFilters = () => void loadFilters().catch(() => undefined);

/**
 * 'Votre Portefeuille' and 'Vos assurés' (docs/product.md §2): tab 0 the list with its filters, tab 1
 * 'Fiche Client' with the selected policy; 'Retour' comes back to the list as it was.
 */
export const PortfolioList = ({ kind }: { kind: Kind }) => (
  <SavedListsGate spec={LIST_SPECS[kind]}>
    {(saved) => <PortfolioListBody kind={kind} saved={saved} />}
  </SavedListsGate>
);

const PortfolioListBody = ({ kind, saved }: { kind: Kind; saved: SavedListsActor }) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const account = useAccount();
  const spec = LIST_SPECS[kind];
  const defaultColumns = visibleColumns(account, spec.defaultColumns);
  const list = useList(
    kind,
    { spec },
    { address: { defaultColumns, allowedColumns: visibleColumns(account, spec.selectableColumns) } },
  );
  const { query, page, columns, error, exportError } = list.context;
  const [more, setMore] = useState(false);
  const [opened, setOpened] = useState(false);
  const { header, sortable } = useColumnLabels(DESCRIPTORS[kind]);
  const host: FilterHost = { filters: query.filters, send: list.send };
  const fiche = useFiche();
  const idPolice = fiche.id ?? fiche.last;
  const tab = fiche.id === null ? 'list' : 'client';
  const open = useCallback((row: Row) => fiche.open(row.idPolice), [fiche.open]);
  const rows = (page?.items ?? []) as readonly Row[];
  const summaryKey = kind === 'police' ? 'police.summary' : 'assures.summary';

  return (
    <Tabs
      activeKey={tab}
      onSelect={(key) => {
        if (key === 'client' && idPolice !== null) fiche.open(idPolice);
        else if (key === 'list') fiche.close();
      }}
      className="mb-3"
    >
      <Tab eventKey="list" title={t('police.tabs.list')}>
        <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
          <PresetSelect spec={spec} preset={query.preset} send={list.send} />
          <GlobalSearch q={query.q} send={list.send} />
          <ClearFilters send={list.send} />
          <Button
            size="sm"
            variant="link"
            aria-expanded={more}
            aria-controls="more-filters"
            onPointerEnter={prefetchFilters}
            onFocus={prefetchFilters}
            onClick={() => {
              setMore(!more);
              setOpened(true);
            }}
          >
            {t('lists.moreFilters')}
          </Button>
          <div className="ms-auto d-flex flex-wrap gap-2">
            <SavedListsMenu saved={saved} spec={LIST_SPECS[kind]} />
            <ColumnChooser
              available={visibleColumns(account, spec.selectableColumns)}
              columns={columns}
              send={list.send}
              header={header}
            />
            {features(account).export && <ExportButton busy={list.exporting} send={list.send} />}
          </div>
        </div>
        <Collapse in={more}>
          <div id="more-filters" className="border rounded p-2 mb-2 bg-light">
            {opened && (
              <Suspense fallback={<Loading />}>
                <PortfolioFilters host={host} kind={kind} />
              </Suspense>
            )}
          </div>
        </Collapse>
        <FilterChips descriptor={DESCRIPTORS[kind]} host={host} />
        {list.failed && error !== null && <Alert variant="danger">{translate(error)}</Alert>}
        {exportError !== null && (
          <Alert variant="danger" dismissible onClose={() => list.send({ type: 'export.dismiss' })}>
            {translate(exportError)}
          </Alert>
        )}
        <ListView<Row>
          ariaLabel={t(kind === 'police' ? 'web.title.police' : 'web.title.policeAssure')}
          rows={rows}
          columns={columns}
          header={header}
          sortable={sortable}
          sort={query.sort}
          onSortChange={(sort) => list.send({ type: 'sort.change', sort })}
          loading={list.loading}
          rowId={(row) => String(row.idAssure ?? row.idPolice)}
          onView={open}
          viewLabel={t('lists.view')}
          cardFields={visibleColumns(account, spec.cardFields)}
        />
        <PagingFooter list={list} summaryTestId="list-summary">
          {t(summaryKey, { count: page?.total ?? 0, total: page?.scopeTotal ?? page?.total ?? 0 })}
        </PagingFooter>
      </Tab>
      <Tab eventKey="client" title={t('police.tabs.client')} disabled={idPolice === null}>
        {tab === 'client' && idPolice !== null && <PolicyDetail idPolice={idPolice} onBack={fiche.close} />}
      </Tab>
    </Tabs>
  );
};
