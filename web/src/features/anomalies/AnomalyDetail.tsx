import { type Anomaly, canAccess } from '@extranet/core';
import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';
import { FieldValue } from '../../shared/FieldValue.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { arrowLeft } from '../../shared/icons.ts';
import { Field, FieldCard } from '../policy/Fields.tsx';

/**
 * One anomaly as the broker reads it: its rule, the sentence in the UI's language, the amount at
 * stake, and links to the policy and the statement behind it. `actions` is where what one can
 * do about it goes (raising a dispute), below the links.
 */
export const AnomalyDetail = ({
  anomaly,
  onBack,
  actions,
}: {
  anomaly: Anomaly;
  onBack: () => void;
  actions?: ReactNode;
}) => {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const v = (key: keyof Anomaly & string) => <FieldValue field={key} value={anomaly[key]} />;
  return (
    <div>
      <h1 className="h3">
        {t('web.title.anomalyDetail')} — {t(`anomalies.rules.${anomaly.regle}`)}
      </h1>
      <p className="lead" data-testid="anomaly-sentence">
        {i18n.language.startsWith('en') ? anomaly.explanation : anomaly.explication}
      </p>
      <div style={{ maxWidth: 640 }}>
        <FieldCard
          title={t('anomalies.title')}
          footer={
            <div className="d-flex flex-wrap gap-2 mt-2">
              {canAccess(account, 'policeDetail') && (
                <Link
                  className="btn btn-sm btn-outline-primary"
                  to={pathTo('policeDetail', { id: anomaly.idPolice })}
                >
                  {t('anomalies.list.policy')}
                </Link>
              )}
              {anomaly.idBordereau !== null && (
                <Link
                  className="btn btn-sm btn-outline-primary"
                  to={pathTo('mouvements', { id: anomaly.idBordereau })}
                >
                  {t('anomalies.list.statementLink')}
                </Link>
              )}
              {actions}
            </div>
          }
        >
          <Field label={t('fields.regle')}>{t(`anomalies.rules.${anomaly.regle}`)}</Field>
          <Field label={t('fields.police')}>{v('police')}</Field>
          <Field label={t('fields.nomprenom')}>{v('nomprenom')}</Field>
          <Field label={t('fields.courtier')}>{v('courtier')}</Field>
          <Field label={t('fields.mois')}>{v('mois')}</Field>
          <Field label={t('fields.typeMouvement')}>{v('typeMouvement')}</Field>
          <Field label={t('fields.periode')}>{v('periode')}</Field>
          <Field label={t('fields.idBordereau')}>{v('idBordereau')}</Field>
          <Field label={t('fields.montantEnJeu')}>{v('montant')}</Field>
        </FieldCard>
      </div>
      <Button variant="secondary" className="mt-3" onClick={onBack}>
        <Icon shape={arrowLeft} className="me-1" />
        {t('anomalies.list.back')}
      </Button>
    </div>
  );
};
