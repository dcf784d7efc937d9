import {
  type CommissionMovement,
  DESCRIPTORS,
  type IdBordereau,
  type IdPolice,
  isForecast,
  LIST_SPECS,
  visibleColumns,
} from '@extranet/core';
import { useCallback, useMemo, useState } from 'react';
import { Button, Collapse } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../app/ServicesContext.tsx';
import { useList } from '../../shared/useList.ts';
import { AnomalyMark, useAnomalyCounts } from '../anomalies/AnomalyMark.tsx';
import { ContestLink } from '../disputes/ContestLink.tsx';
import { filterWidgets } from '../lists/described.ts';
import { FilterChips } from '../lists/FilterChips.tsx';
import { FilterPanel } from '../lists/FilterPanel.tsx';
import { type FilterHost, MultiFilter } from '../lists/filters.tsx';
import { PagingFooter } from '../lists/PagingFooter.tsx';
import { type SavedListsActor, SavedListsGate } from '../lists/SavedListsGate.tsx';
import { SavedListsMenu } from '../lists/SavedListsMenu.tsx';
import { useColumnLabels } from '../lists/useColumnLabels.ts';
import { StatementActions } from './StatementActions.tsx';
import { StatementGrid } from './StatementGrid.tsx';
import { ForecastBadge } from './StatementListPage.tsx';

const distinct = (rows: readonly CommissionMovement[], field: string) =>
  [
    ...new Set(
      rows
        .map((row) => (row as Readonly<Record<string, unknown>>)[field])
        .filter((v): v is string => typeof v === 'string' && v !== ''),
    ),
  ].sort();

interface LinesProps {
  idBordereau: IdBordereau;
  onOpenPolicy?: (idPolice: IdPolice) => void;
  onBack: () => void;
}

/**
 * Tab 1 'Détail des commissions': the statement's movements with filters, paging up to 10000.
 * Their list state lives in the address under `lines.` (core's `mouvements` spec), beside the
 * statement's own keys; a saved list of `mouvements` applies to the statement on screen.
 */
export const StatementLines = (props: LinesProps) => (
  <SavedListsGate spec={LIST_SPECS.mouvements}>
    {(saved) => <Lines {...props} saved={saved} />}
  </SavedListsGate>
);

const Lines = ({ idBordereau, onOpenPolicy, onBack, saved }: LinesProps & { saved: SavedListsActor }) => {
  const { t } = useTranslation();
  const spec = LIST_SPECS.mouvements;
  const account = useAccount();
  const list = useList(
    'mouvements',
    { spec },
    {
      idBordereau,
      address: {
        defaultColumns: visibleColumns(account, spec.defaultColumns),
        allowedColumns: visibleColumns(account, spec.selectableColumns),
      },
    },
  );
  const { query, page } = list.context;
  const [more, setMore] = useState(false);
  const rows = (page?.items ?? []) as readonly CommissionMovement[];
  const { header, sortable } = useColumnLabels(DESCRIPTORS.mouvements);
  const host: FilterHost = { filters: query.filters, send: list.send };
  const widgets = useMemo(() => filterWidgets(DESCRIPTORS.mouvements, spec.filterFields, account), [account]);
  const marks = useAnomalyCounts('idBordereau', idBordereau, 'idMouvement');
  const render = useCallback(
    (field: string, row: CommissionMovement) => {
      if (field === 'periode' && isForecast(row)) return <ForecastBadge type={row.typeBordereau} />;
      if (field !== 'police') return undefined;
      const count = marks.get(row.id) ?? 0;
      // The policy number, a link to the line's anomalies when reconciliation found it wrong, and
      // "Contester" (a clawback's reason is an unjustified one; the amount is the line's).
      return (
        <>
          {row.police}
          {count > 0 && (
            <AnomalyMark field="idMouvement" id={row.id} count={count} label={row.police ?? String(row.id)} />
          )}
          {!isForecast(row) && (
            <ContestLink
              source="LINE"
              id={row.id}
              {...(row.montant === null ? {} : { amount: Math.abs(row.montant) })}
              reason={(row.montant ?? 0) < 0 ? 'UNJUSTIFIED_CLAWBACK' : 'WRONG_RATE'}
              label={`${row.police ?? row.id} ${row.libelleMouvement ?? ''} ${row.periode ?? ''}`.trim()}
            />
          )}
        </>
      );
    },
    [marks],
  );
  const view = useCallback(
    (row: CommissionMovement) => {
      if (row.idPolice !== null) onOpenPolicy?.(row.idPolice);
    },
    [onOpenPolicy],
  );
  return (
    <div>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <Button
          size="sm"
          variant="link"
          aria-expanded={more}
          aria-controls="lines-filters"
          onClick={() => setMore(!more)}
        >
          {t('lists.moreFilters')}
        </Button>
        <StatementActions list={list} header={header}>
          <SavedListsMenu saved={saved} spec={spec} />
          <Button size="sm" variant="secondary" onClick={onBack}>
            {t('lists.back')}
          </Button>
        </StatementActions>
      </div>
      <Collapse in={more}>
        <div id="lines-filters" className="border rounded p-2 mb-2 bg-light">
          <FilterPanel
            widgets={widgets}
            host={host}
            choices={(w) => (
              // The choices are the values of the rows shown.
              <MultiFilter
                host={host}
                field={w.field}
                labelKey={w.labelKey}
                options={distinct(rows, w.field)}
              />
            )}
          />
        </div>
      </Collapse>
      {/* Every active filter, a figure's types of 'what changed' too, removable as on the lists. */}
      <FilterChips descriptor={DESCRIPTORS.mouvements} host={host} />
      <StatementGrid<CommissionMovement>
        list={list}
        header={header}
        sortable={sortable}
        ariaLabel={t('commission.detail.tabs.lines')}
        rowId={(row) => String(row.id)}
        {...(onOpenPolicy === undefined ? {} : { onView: view, viewLabel: t('lists.view') })}
        render={render}
      />
      <PagingFooter list={list} summaryTestId="lines-summary">
        {t('commission.detail.linesSummary', { count: page?.total ?? 0 })}
      </PagingFooter>
    </div>
  );
};
