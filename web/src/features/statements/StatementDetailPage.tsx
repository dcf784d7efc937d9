import {
  features,
  formatMonth,
  IdBordereau,
  type IdPolice,
  isForecast,
  provideStatementDetail,
  tabIndex,
} from '@extranet/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Tab, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { arrowLeft, fileEarmarkPdf } from '../../shared/icons.ts';
import { Loading } from '../../shared/Loading.tsx';
import { keyedPage } from '../../shared/RouteKey.tsx';
import { saveFile } from '../../shared/saveFile.ts';
import { useMessage } from '../../shared/useMessage.ts';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { ContestLink } from '../disputes/ContestLink.tsx';
import { LoadFailureView } from '../errors/LoadFailureView.tsx';
import { PolicyDetail } from '../policy/PolicyDetail.tsx';
import { StatementChanges } from './StatementChanges.tsx';
import { StatementLines } from './StatementLines.tsx';
import { StatementSummary } from './StatementSummary.tsx';
import { ficheInAddress, linesInAddress, useLinesTab } from './useLinesTab.ts';

/**
 * `mouvements/{id}`: statement detail with its three tabs, over core's statementDetail machine.
 * The lines tab is in the address (`tab=lines`, the lines' own list state beside it under
 * `lines.`): a reload, a figure of the changes (`tab=lines&lines.typeMouvement.in=…`, Back
 * returns to the figures) or a saved list opens it as it was.
 */
const StatementDetailPage = keyedPage(IdBordereau, (idBordereau) => (
  <StatementDetail key={idBordereau} idBordereau={idBordereau} />
));

const StatementDetail = ({ idBordereau }: { readonly idBordereau: IdBordereau }) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const { runtime } = useServices();
  const navigate = useNavigate();
  const account = useAccount();
  const [params] = useSearchParams();
  const first = params.get('first');
  const [opensLines] = useState(() => linesInAddress(`?${params}`));
  const [opensClient] = useState(() => ficheInAddress(`?${params}`));
  const logic = useMemo(
    () => provideStatementDetail(runtime, { save: saveFile, navigate: (url) => navigate(url) }),
    [runtime, navigate],
  );
  const actor = useActorRef(logic, {
    input: {
      idBordereau,
      first: first === null ? null : Number(first),
      canSeeClient: features(account).clientSheet,
      opensLines,
      opensClient,
    },
  });
  const context = useActorContext(actor);
  const { statement, recap, idPolice, error, pdfError, canSeeClient } = context;
  const tags = useTags(actor, ['loading', 'error', 'pdfBusy']);
  const tab = useSelector(actor, tabIndex);
  // The client tab is opened from the lines: its address is theirs, plus its policy.
  const pending = tags.loading || tags.error;
  useLinesTab(
    pending ? opensLines : tab > 0,
    (lines) => actor.send({ type: 'tab.select', index: lines ? 1 : 0 }),
    pending ? opensClient : tab === 2 ? idPolice : null,
  );
  const d = (key: string) => t(`commission.detail.${key}`);

  if (tags.loading) return <Loading />;
  if (tags.error || statement === null) {
    const failure = error ?? { kind: 'unavailable' as const, message: { key: 'error.unexpected' } };
    return <LoadFailureView failure={failure} retry={() => actor.send({ type: 'retry' })} />;
  }
  return (
    <div>
      <h1 className="h3">
        {t('commission.detail.heading', { month: formatMonth(statement.mois) })}{' '}
        {isForecast(statement) && <Badge bg="danger">{statement.typeBordereau}</Badge>}
      </h1>
      <Tabs
        activeKey={tab}
        onSelect={(key) => actor.send({ type: 'tab.select', index: Number(key) as 0 | 1 | 2 })}
        className="mb-3"
      >
        <Tab eventKey={0} title={d('tabs.summary')}>
          {tab === 0 && (
            <>
              <StatementSummary statement={statement} recap={recap} />
              {pdfError !== null && (
                <Alert
                  variant="danger"
                  className="mt-3"
                  dismissible
                  onClose={() => actor.send({ type: 'pdf.dismiss' })}
                >
                  {translate(pdfError)}
                </Alert>
              )}
              <div className="d-flex flex-wrap gap-2 mt-3">
                <Button variant="secondary" onClick={() => actor.send({ type: 'list.back' })}>
                  <Icon shape={arrowLeft} className="me-1" />
                  {d('backToList')}
                </Button>
                {(statement.fichierBordereau ?? '') !== '' && (
                  <Button
                    variant="outline-primary"
                    disabled={tags.pdfBusy}
                    onClick={() => actor.send({ type: 'pdf.download' })}
                  >
                    <Icon shape={fileEarmarkPdf} className="me-1" />
                    {d('downloadPdf')}
                  </Button>
                )}
                <Button variant="primary" onClick={() => actor.send({ type: 'lines.show' })}>
                  {d('showLines')}
                </Button>
                <ContestLink source="STATEMENT" id={statement.idBordereau} />
              </div>
              <StatementChanges idBordereau={statement.idBordereau} />
            </>
          )}
        </Tab>
        <Tab eventKey={1} title={d('tabs.lines')}>
          {tab === 1 && (
            <StatementLines
              idBordereau={statement.idBordereau}
              onBack={() => actor.send({ type: 'back' })}
              {...(canSeeClient
                ? { onOpenPolicy: (idPolice: IdPolice) => actor.send({ type: 'client.open', idPolice }) }
                : {})}
            />
          )}
        </Tab>
        {canSeeClient && (
          <Tab eventKey={2} title={d('tabs.client')} disabled={idPolice === null}>
            {tab === 2 && idPolice !== null && (
              <PolicyDetail idPolice={idPolice} onBack={() => actor.send({ type: 'back' })} />
            )}
          </Tab>
        )}
      </Tabs>
    </div>
  );
};

export default StatementDetailPage;
