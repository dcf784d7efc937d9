import {
  COMMISSION_FLAGS,
  COMMISSION_MODES,
  hasAnyAuthority,
  LIST_SPECS,
  PAYMENT_STATUSES,
  POLICY_STATUSES,
  RISK_TYPES,
  visibleColumns,
} from '@extranet/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Alert, Button, Collapse, Tab, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../app/ServicesContext.tsx';
import { Loading } from '../../shared/Loading.tsx';
import { Pager } from '../../shared/Pager.tsx';
import { useList } from '../../shared/useList.ts';
import { useMessage } from '../../shared/useMessage.ts';
import { PolicyDetail } from '../policy/PolicyDetail.tsx';
import {
  AgeFilter,
  ChoiceFilter,
  DateRangeFilter,
  FilterCol,
  type FilterHost,
  MonthFilter,
  MultiFilter,
  TextFilter,
} from './filters.tsx';
import {
  ClearFilters,
  ColumnChooser,
  ExportButton,
  GlobalSearch,
  PageSizeSelect,
  PresetSelect,
} from './Toolbar.tsx';
import type { PortfolioKind as Kind } from './useFilterChoices.ts';

// The grid (the heaviest chunk) loads only when a list is shown.
const DataGrid = lazy(() => import('./DataGrid.tsx')) as unknown as typeof import('./DataGrid.tsx').default;

type Row = { readonly idPolice: number; readonly id: number; readonly idAssure?: number };

const PolicyFilters = ({
  host,
  kind,
  compta,
  opened,
}: {
  host: FilterHost;
  kind: Kind;
  compta: boolean;
  /** Whether 'Plus de filtres...' was ever opened: the server-fed choices load from then on. */
  opened: boolean;
}) => (
  <div className="row g-2">
    <FilterCol>
      <ChoiceFilter host={host} kind={kind} field="courtier" enabled={opened} />
    </FilterCol>
    <FilterCol>
      <ChoiceFilter
        host={host}
        kind={kind}
        field="codeApporteur"
        labelKey="fields.apporteur"
        enabled={opened}
      />
    </FilterCol>
    <FilterCol>
      <MultiFilter host={host} field="risque" options={RISK_TYPES} />
    </FilterCol>
    <FilterCol>
      <ChoiceFilter host={host} kind={kind} field="gamme" enabled={opened} />
    </FilterCol>
    <FilterCol>
      <TextFilter host={host} field="formule" />
    </FilterCol>
    <FilterCol>
      <ChoiceFilter host={host} kind={kind} field="motifResil" enabled={opened} />
    </FilterCol>
    <FilterCol>
      <MultiFilter host={host} field="statut" options={POLICY_STATUSES} />
    </FilterCol>
    <FilterCol>
      <TextFilter host={host} field="nomprenom" />
    </FilterCol>
    <FilterCol>
      <TextFilter host={host} field="cp" maxLength={5} />
    </FilterCol>
    {kind === 'police' ? (
      <FilterCol>
        <AgeFilter host={host} field="ageAdherent" />
      </FilterCol>
    ) : (
      <>
        <FilterCol>
          <AgeFilter host={host} field="age" />
        </FilterCol>
        <FilterCol>
          <DateRangeFilter host={host} field="dateNaissance" />
        </FilterCol>
        <FilterCol>
          <MonthFilter host={host} field="moisNaissance" />
        </FilterCol>
      </>
    )}
    {(['dateCreation', 'dateSignature', 'dateEffet', 'dateResil', 'dateEnregistrementResil'] as const).map(
      (field) => (
        <FilterCol key={field}>
          <DateRangeFilter host={host} field={field} />
        </FilterCol>
      ),
    )}
    {compta && kind === 'police' && (
      <>
        <FilterCol>
          <MultiFilter host={host} field="commissionnement" options={COMMISSION_FLAGS} />
        </FilterCol>
        <FilterCol>
          <MultiFilter host={host} field="modeCommissionnement" options={COMMISSION_MODES} />
        </FilterCol>
        <FilterCol>
          <MultiFilter host={host} field="statutPaiement" options={PAYMENT_STATUSES} />
        </FilterCol>
        {(
          ['datePaiementCommissionAnnee1', 'dateRepriseCommissionAnnee1', 'dateDerniereCommission'] as const
        ).map((field) => (
          <FilterCol key={field}>
            <DateRangeFilter host={host} field={field} />
          </FilterCol>
        ))}
      </>
    )}
  </div>
);

/**
 * 'Votre Portefeuille' and 'Vos assurés' (spec §2): tab 0 the list with its filters, tab 1
 * 'Fiche Client' with the selected policy; 'Retour' comes back to the list as it was.
 */
export const PortfolioList = ({ kind }: { kind: Kind }) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const account = useAccount();
  const spec = LIST_SPECS[kind];
  const list = useList(kind, { spec, columns: visibleColumns(account, spec.defaultColumns) });
  const { query, page, columns, error, exportError } = list.context;
  const [more, setMore] = useState(false);
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<'list' | 'client'>('list');
  const [idPolice, setIdPolice] = useState<number | null>(null);
  const header = useCallback((field: string) => t(`fields.${field}`), [t]);
  const host: FilterHost = { filters: query.filters, send: list.send };
  const compta = hasAnyAuthority(account, 'ROLE_COMPTA');
  const open = useCallback((row: Row) => {
    setIdPolice(row.idPolice);
    setTab('client');
  }, []);
  const rows = (page?.items ?? []) as readonly Row[];
  const summaryKey = kind === 'police' ? 'police.summary' : 'assures.summary';

  return (
    <Tabs
      activeKey={tab}
      onSelect={(key) => setTab(key === 'client' && idPolice !== null ? 'client' : 'list')}
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
            onClick={() => {
              setMore(!more);
              setOpened(true);
            }}
          >
            {t('lists.moreFilters')}
          </Button>
          <div className="ms-auto d-flex gap-2">
            <ColumnChooser
              available={visibleColumns(account, spec.selectableColumns)}
              columns={columns}
              send={list.send}
              header={header}
            />
            {hasAnyAuthority(account, 'ROLE_EXPORT') && (
              <ExportButton busy={list.exporting} send={list.send} />
            )}
          </div>
        </div>
        <Collapse in={more}>
          <div id="more-filters" className="border rounded p-2 mb-2 bg-light">
            <PolicyFilters host={host} kind={kind} compta={compta} opened={opened} />
          </div>
        </Collapse>
        {list.failed && error !== null && <Alert variant="danger">{translate(error)}</Alert>}
        {exportError !== null && (
          <Alert variant="danger" dismissible onClose={() => list.send({ type: 'export.dismiss' })}>
            {translate(exportError)}
          </Alert>
        )}
        <Suspense fallback={<Loading />}>
          <DataGrid<Row>
            ariaLabel={t(kind === 'police' ? 'web.title.police' : 'web.title.policeAssure')}
            rows={rows}
            columns={columns}
            header={header}
            sort={query.sort}
            onSortChange={(sort) => list.send({ type: 'sort.change', sort })}
            loading={list.loading}
            rowId={(row) => String(row.idAssure ?? row.idPolice)}
            onView={open}
            viewLabel={t('lists.view')}
          />
        </Suspense>
        <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
          <span data-testid="list-summary">
            {t(summaryKey, { count: page?.total ?? 0, total: page?.scopeTotal ?? page?.total ?? 0 })}
          </span>
          <Pager
            page={query.page}
            total={page?.total ?? 0}
            size={query.size}
            onChange={(p) => list.send({ type: 'page.change', page: p })}
          />
          <div className="ms-auto">
            <PageSizeSelect spec={spec} size={query.size} send={list.send} />
          </div>
        </div>
      </Tab>
      <Tab eventKey="client" title={t('police.tabs.client')} disabled={idPolice === null}>
        {tab === 'client' && idPolice !== null && (
          <PolicyDetail idPolice={idPolice} onBack={() => setTab('list')} />
        )}
      </Tab>
    </Tabs>
  );
};
