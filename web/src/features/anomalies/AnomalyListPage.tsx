import {
  type Anomaly,
  DESCRIPTORS,
  features,
  formatEurCents,
  LIST_SPECS,
  visibleColumns,
} from '@extranet/core';
import { useCallback, useState } from 'react';
import { Alert, Button, Collapse } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';
import { useList } from '../../shared/useList.ts';
import { useMessage } from '../../shared/useMessage.ts';
import { filterWidgets } from '../lists/described.ts';
import { FilterPanel } from '../lists/FilterPanel.tsx';
import { ChoiceFilter, FilterCol, type FilterHost, MultiFilter, TextFilter } from '../lists/filters.tsx';
import { ListView } from '../lists/ListView.tsx';
import { PagingFooter } from '../lists/PagingFooter.tsx';
import { type SavedListsActor, SavedListsGate } from '../lists/SavedListsGate.tsx';
import { SavedListsMenu } from '../lists/SavedListsMenu.tsx';
import { ClearFilters, ColumnChooser, ExportButton, GlobalSearch } from '../lists/Toolbar.tsx';
import { useColumnLabels } from '../lists/useColumnLabels.ts';
import { useAnomalyCells } from './anomalyCells.tsx';

/**
 * The panel of 'Plus de filtres...': the descriptor's filters (rule, broker, month), the rule
 * named in the UI's language, and the statement by its id (a statement line's mark links here
 * with it). `opened`: the broker choices load once the panel was first opened.
 */
const AnomalyFilters = ({ host, opened }: { host: FilterHost; opened: boolean }) => {
  const { t } = useTranslation();
  const account = useAccount();
  // The rule's codes are named by RuleFilter, so its widget goes through `choices`.
  const widgets = filterWidgets(DESCRIPTORS.anomalies, LIST_SPECS.anomalies.filterFields, account).map((w) =>
    w.field === 'regle' ? { field: w.field, labelKey: w.labelKey, kind: 'choice' as const } : w,
  );
  return (
    <div className="d-flex flex-column gap-2">
      <FilterPanel
        widgets={widgets}
        host={host}
        choices={(w) =>
          w.field === 'regle' ? (
            <RuleFilter host={host} />
          ) : (
            <ChoiceFilter
              host={host}
              kind="anomalies"
              field={w.field}
              labelKey={w.labelKey}
              enabled={opened}
            />
          )
        }
      />
      <div className="row g-2">
        <FilterCol>
          <TextFilter host={host} field="idBordereau" op="equals" label={t('anomalies.list.statement')} />
        </FilterCol>
      </div>
    </div>
  );
};

/** The rule filter: every rule, named in the UI's language beside its code. */
const RuleFilter = ({ host }: { host: FilterHost }) => {
  const { t } = useTranslation();
  const rules = DESCRIPTORS.anomalies.fields.regle.meta.values ?? [];
  return (
    <MultiFilter
      host={host}
      field="regle"
      options={rules.map((rule) => ({ value: rule, label: t(`anomalies.rules.${rule}`) }))}
    />
  );
};

/**
 * 'Anomalies à vérifier' (docs/reconciliation.md): reconciliation's findings in the caller's
 * scope, a list like the others (sort, filters, saved lists, export, cards on a phone), its
 * state in the address so Back from a policy or an anomaly returns to it as it was.
 */
const AnomalyListPage = () => (
  <SavedListsGate spec={LIST_SPECS.anomalies}>{(saved) => <AnomalyList saved={saved} />}</SavedListsGate>
);

const AnomalyList = ({ saved }: { saved: SavedListsActor }) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const navigate = useNavigate();
  const account = useAccount();
  const spec = LIST_SPECS.anomalies;
  const list = useList(
    'anomalies',
    { spec },
    {
      address: {
        defaultColumns: visibleColumns(account, spec.defaultColumns),
        allowedColumns: visibleColumns(account, spec.selectableColumns),
      },
    },
  );
  const { query, page, columns, error, exportError } = list.context;
  const [more, setMore] = useState(false);
  const [opened, setOpened] = useState(false);
  const { header, sortable } = useColumnLabels(DESCRIPTORS.anomalies);
  const render = useAnomalyCells();
  const host: FilterHost = { filters: query.filters, send: list.send };
  const rows = (page?.items ?? []) as readonly Anomaly[];
  const open = useCallback((row: Anomaly) => navigate(pathTo('anomalyDetail', { id: row.id })), [navigate]);
  return (
    <div>
      <h1 className="h3">{t('web.title.anomalies')}</h1>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <GlobalSearch q={query.q} send={list.send} />
        <ClearFilters send={list.send} />
        <Button
          size="sm"
          variant="link"
          aria-expanded={more}
          aria-controls="anomaly-filters"
          onClick={() => {
            setMore(!more);
            setOpened(true);
          }}
        >
          {t('lists.moreFilters')}
        </Button>
        <div className="ms-auto d-flex flex-wrap gap-2">
          <SavedListsMenu saved={saved} spec={spec} />
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
        <div id="anomaly-filters" className="border rounded p-2 mb-2 bg-light">
          <AnomalyFilters host={host} opened={opened} />
        </div>
      </Collapse>
      {list.failed && error !== null && <Alert variant="danger">{translate(error)}</Alert>}
      {exportError !== null && (
        <Alert variant="danger" dismissible onClose={() => list.send({ type: 'export.dismiss' })}>
          {translate(exportError)}
        </Alert>
      )}
      <ListView<Anomaly>
        ariaLabel={t('web.title.anomalies')}
        rows={rows}
        columns={columns}
        header={header}
        sortable={sortable}
        sort={query.sort}
        onSortChange={(sort) => list.send({ type: 'sort.change', sort })}
        loading={list.loading}
        rowId={(row) => String(row.id)}
        onView={open}
        viewLabel={t('lists.view')}
        render={render}
        cardFields={visibleColumns(account, spec.cardFields)}
      />
      <PagingFooter list={list} summaryTestId="list-summary">
        {t('anomalies.card.summary', {
          count: page?.total ?? 0,
          amount: formatEurCents(page?.totalAmount ?? 0),
        })}
      </PagingFooter>
    </div>
  );
};

export default AnomalyListPage;
