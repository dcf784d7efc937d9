import { type CommissionMovement, isForecast, LIST_SPECS, RISK_TYPES } from '@extranet/core';
import { useCallback, useMemo, useState } from 'react';
import { Button, Collapse } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useList } from '../../shared/useList.ts';
import { FilterCol, type FilterHost, MultiFilter, TextFilter } from '../lists/filters.tsx';
import { PagingFooter } from './PagingFooter.tsx';
import { StatementActions } from './StatementActions.tsx';
import { StatementGrid } from './StatementGrid.tsx';
import { ForecastBadge } from './StatementListPage.tsx';

const distinct = (rows: readonly CommissionMovement[], field: keyof CommissionMovement) =>
  [
    ...new Set(rows.map((row) => row[field]).filter((v): v is string => typeof v === 'string' && v !== '')),
  ].sort();

/** Tab 1 'Détail des commissions': the statement's movements with filters, paging up to 10000. */
export const StatementLines = ({
  idBordereau,
  onOpenPolicy,
  onBack,
}: {
  idBordereau: number;
  onOpenPolicy?: (idPolice: number) => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const spec = LIST_SPECS.mouvements;
  const list = useList('mouvements', { spec }, { idBordereau });
  const { query, page } = list.context;
  const [more, setMore] = useState(false);
  const rows = (page?.items ?? []) as readonly CommissionMovement[];
  const header = useCallback((field: string) => t(`fields.${field}`), [t]);
  const host: FilterHost = { filters: query.filters, send: list.send };
  const options = useMemo(
    () => ({
      courtier: distinct(rows, 'courtier'),
      codeApporteur: distinct(rows, 'codeApporteur'),
      gamme: distinct(rows, 'gamme'),
      libelleMouvement: distinct(rows, 'libelleMouvement'),
    }),
    [rows],
  );
  const render = useCallback(
    (field: string, row: CommissionMovement) =>
      field === 'periode' && isForecast(row) ? <ForecastBadge type={row.typeBordereau} /> : undefined,
    [],
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
          <Button size="sm" variant="secondary" onClick={onBack}>
            {t('lists.back')}
          </Button>
        </StatementActions>
      </div>
      <Collapse in={more}>
        <div id="lines-filters" className="border rounded p-2 mb-2 bg-light">
          <div className="row g-2">
            <FilterCol>
              <MultiFilter host={host} field="courtier" options={options.courtier} />
            </FilterCol>
            <FilterCol>
              <MultiFilter host={host} field="codeApporteur" options={options.codeApporteur} />
            </FilterCol>
            <FilterCol>
              <MultiFilter host={host} field="risque" options={RISK_TYPES} />
            </FilterCol>
            <FilterCol>
              <MultiFilter host={host} field="gamme" options={options.gamme} />
            </FilterCol>
            <FilterCol>
              <MultiFilter host={host} field="libelleMouvement" options={options.libelleMouvement} />
            </FilterCol>
            <FilterCol>
              <TextFilter host={host} field="nomprenom" label={t('commission.detail.nom')} />
            </FilterCol>
          </div>
        </div>
      </Collapse>
      <StatementGrid<CommissionMovement>
        list={list}
        header={header}
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
