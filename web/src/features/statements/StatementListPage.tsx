import {
  type CommissionStatement,
  DESCRIPTORS,
  features,
  firstOfPage,
  formatEurCents,
  isForecast,
  LIST_SPECS,
  visibleColumns,
} from '@extranet/core';
import { useCallback } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';
import { useList } from '../../shared/useList.ts';
import { ChoiceFilter } from '../lists/filters.tsx';
import { PagingFooter } from '../lists/PagingFooter.tsx';
import { type SavedListsActor, SavedListsGate } from '../lists/SavedListsGate.tsx';
import { SavedListsMenu } from '../lists/SavedListsMenu.tsx';
import { useColumnLabels } from '../lists/useColumnLabels.ts';
import { EntriesButton } from './EntriesButton.tsx';
import { StatementActions } from './StatementActions.tsx';
import { StatementGrid } from './StatementGrid.tsx';

/** A forecast statement shows a red badge with its type (docs/product.md §2). */
export const ForecastBadge = ({ type }: { type: string | null }) => (
  <Badge bg="danger" pill>
    {type}
  </Badge>
);

/**
 * 'Vos bordereaux de commissions': 12 rows (6, 12, 24), mois descending, the courtier filter
 * for SUPER_ADMIN and GROSSISTE, the total paid excluding forecasts. The list lives in the
 * address; the statement detail's 'Retour liste' comes back with `first` (docs/product.md §2), read as the page.
 */
const StatementListPage = () => (
  <SavedListsGate spec={LIST_SPECS.commission}>{(saved) => <StatementList saved={saved} />}</SavedListsGate>
);

const StatementList = ({ saved }: { saved: SavedListsActor }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccount();
  const spec = LIST_SPECS.commission;
  const list = useList(
    'commission',
    { spec },
    {
      address: {
        defaultColumns: visibleColumns(account, spec.defaultColumns),
        allowedColumns: visibleColumns(account, spec.selectableColumns),
      },
    },
  );
  const { query, page } = list.context;
  const { header, sortable } = useColumnLabels(DESCRIPTORS.commission);
  const render = useCallback(
    (field: string, row: CommissionStatement) =>
      field === 'typeBordereau' && isForecast(row) ? <ForecastBadge type={row.typeBordereau} /> : undefined,
    [],
  );
  const open = useCallback(
    (row: CommissionStatement) =>
      navigate(
        `${pathTo('mouvements', { id: row.idBordereau })}?first=${firstOfPage(query.page, query.size)}`,
      ),
    [navigate, query.page, query.size],
  );
  return (
    <div>
      <h1 className="h3">{t('commission.title')}</h1>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
        {features(account).statementCourtierFilter && (
          <div style={{ minWidth: 280 }}>
            {/* Every broker of the caller's statements, not only the page's: asked of the server. */}
            <ChoiceFilter
              host={{ filters: query.filters, send: list.send }}
              kind="commission"
              field="courtier"
              enabled
            />
          </div>
        )}
        <StatementActions list={list} header={header}>
          {features(account).export && <EntriesButton />}
          <SavedListsMenu saved={saved} spec={spec} />
        </StatementActions>
      </div>
      <StatementGrid<CommissionStatement>
        list={list}
        header={header}
        sortable={sortable}
        ariaLabel={t('commission.title')}
        rowId={(row) => String(row.idBordereau)}
        onView={open}
        viewLabel={t('lists.view')}
        render={render}
      />
      <PagingFooter list={list} summaryTestId="list-summary">
        {t('commission.summary', { count: page?.total ?? 0, amount: formatEurCents(page?.totalAmount ?? 0) })}
      </PagingFooter>
    </div>
  );
};

export default StatementListPage;
