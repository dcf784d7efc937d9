import {
  type CommissionMovement,
  DESCRIPTORS,
  features,
  IdPolice,
  LIST_SPECS,
  movementApi,
  policeApi,
} from '@extranet/core';
import { Effect } from 'effect';
import { lazy, Suspense } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccount } from '../../app/ServicesContext.tsx';
import { ApiView } from '../../shared/ApiView.tsx';
import { NoBreak } from '../../shared/FieldValue.tsx';
import { Loading } from '../../shared/Loading.tsx';
import { keyedPage } from '../../shared/RouteKey.tsx';
import { useApi } from '../../shared/useApi.ts';
import { useColumnLabels } from '../lists/useColumnLabels.ts';

const DataGrid = lazy(
  () => import('../lists/DataGrid.tsx'),
) as unknown as typeof import('../lists/DataGrid.tsx').default;

/**
 * 'Détail Commission pour la police' (`commission-mouvement/{idPolice}/view`): the policy's
 * movements, sortable in place; the courtier column by default for ADMIN and GROSSISTE.
 */
const MovementsOf = ({ idPolice }: { readonly idPolice: IdPolice }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccount();
  // The policy number people know, not the internal id of the address: from the policy itself
  // (a policy without movements has none to read it from); a caller who may not read it sees none.
  const { state, reload } = useApi(
    () =>
      Effect.all(
        {
          rows: movementApi.ofPolicy(idPolice),
          police: policeApi.get(idPolice).pipe(
            Effect.map((policy) => policy.police ?? ''),
            Effect.orElseSucceed(() => ''),
          ),
        },
        { concurrency: 'unbounded' },
      ),
    [idPolice],
  );
  const { header, sortable } = useColumnLabels(DESCRIPTORS.mouvements);
  const base = [
    'mois',
    ...LIST_SPECS.mouvements.defaultColumns.filter((c) => c !== 'police' && c !== 'nomprenom'),
  ];
  const columns = features(account).movementCourtierColumn ? ['courtier', ...base] : base;
  const close = () => navigate(-1);
  const police = state.status === 'ready' ? state.data.police || (state.data.rows[0]?.police ?? '') : '';
  return (
    <Modal show onHide={close} size="xl" aria-labelledby="movements-title">
      <Modal.Header closeButton closeLabel={t('lists.close')}>
        <Modal.Title id="movements-title" as="h2" className="h5">
          {t('mouvements.popupTitle')} <NoBreak>{police}</NoBreak>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ApiView state={state} reload={reload}>
          {({ rows }) => (
            <>
              <Suspense fallback={<Loading />}>
                <DataGrid<CommissionMovement>
                  ariaLabel={t('mouvements.popupTitle')}
                  rows={rows}
                  columns={columns}
                  header={header}
                  sortable={sortable}
                  sort={[]}
                  onSortChange={() => undefined}
                  loading={false}
                  rowId={(row) => String(row.id)}
                  clientSort
                />
              </Suspense>
              <p className="mt-2 mb-0" data-testid="movements-summary">
                {t('mouvements.summary', { count: rows.length })}
              </p>
            </>
          )}
        </ApiView>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={close}>
          {t('lists.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};

const MovementPopup = keyedPage(IdPolice, (idPolice) => <MovementsOf idPolice={idPolice} />);

export default MovementPopup;
