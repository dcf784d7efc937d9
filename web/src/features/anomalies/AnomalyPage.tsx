import { anomalyApi, REASON_OF_RULE } from '@extranet/core';
import { Schema } from 'effect';
import { useNavigate } from 'react-router-dom';
import { ApiView } from '../../shared/ApiView.tsx';
import { keyedPage } from '../../shared/RouteKey.tsx';
import { useApi } from '../../shared/useApi.ts';
import { ContestLink } from '../disputes/ContestLink.tsx';
import { AnomalyDetail } from './AnomalyDetail.tsx';

/** `anomalies/{id}`: one anomaly (404 outside the caller's scope, as an unknown id). */
const AnomalyView = ({ id }: { id: number }) => {
  const navigate = useNavigate();
  const { state, reload } = useApi(() => anomalyApi.get(id), [id]);
  return (
    <ApiView state={state} reload={reload}>
      {(anomaly) => (
        <AnomalyDetail
          anomaly={anomaly}
          onBack={() => navigate(-1)}
          actions={
            <ContestLink
              source="ANOMALY"
              id={anomaly.id}
              amount={anomaly.montant}
              {...(REASON_OF_RULE[anomaly.regle] ? { reason: REASON_OF_RULE[anomaly.regle] } : {})}
            />
          }
        />
      )}
    </ApiView>
  );
};

const AnomalyPage = keyedPage(Schema.Number, (id) => <AnomalyView id={id} />);

export default AnomalyPage;
