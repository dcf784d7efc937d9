import {
  canAccess,
  features,
  type IdPolice,
  insuredApi,
  type Policy,
  policeApi,
  timelineApi,
} from '@extranet/core';
import { Effect } from 'effect';
import { Button, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';
import { ApiView } from '../../shared/ApiView.tsx';
import { FieldValue, NoBreak } from '../../shared/FieldValue.tsx';
import { formatAmount, formatDate } from '../../shared/format.ts';
import { Icon } from '../../shared/Icon.tsx';
import { arrowLeft, envelope } from '../../shared/icons.ts';
import { useApi } from '../../shared/useApi.ts';
import { AnomalyMark, useAnomalyCounts } from '../anomalies/AnomalyMark.tsx';
import { ContestLink } from '../disputes/ContestLink.tsx';
import { Field, FieldCard } from './Fields.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { InsuredTable } from './InsuredTable.tsx';

/** The policy, its insured persons and its events, loaded together. */
const loadPolicy = (idPolice: IdPolice) =>
  Effect.all(
    {
      policy: policeApi.get(idPolice),
      insured: insuredApi.ofPolicy(idPolice),
      events: timelineApi.ofPolicy(idPolice),
    },
    { concurrency: 'unbounded' },
  );

const DETAIL_LABELS: Readonly<Record<string, string>> = {
  adresse: 'police.detail.adresse',
  cpVille: 'police.detail.cpVille',
  dateSignature: 'police.detail.signedOn',
  dateCreation: 'police.detail.registeredOn',
  datePaiementCommissionAnnee1: 'police.detail.paidOn',
  dateRepriseCommissionAnnee1: 'police.detail.clawedBackOn',
  dateDerniereCommission: 'police.detail.lastMovement',
  montantCommissionPrevue: 'commission.forecast',
};

const Cards = ({ policy }: { policy: Policy }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const account = useAccount();
  // The cards' own wording where it differs from the column header (docs/product.md §2 policy detail).
  const f = (key: string) => t(DETAIL_LABELS[key] ?? `fields.${key}`);
  const v = (key: keyof Policy) => <FieldValue field={key} value={policy[key]} />;
  return (
    <Row className="g-3">
      <Col lg={6} xl={3}>
        <FieldCard title={t('police.detail.client')}>
          <Field label={f('nomprenom')}>{v('nomprenom')}</Field>
          <Field label={f('adresse')}>
            {policy.adresse1}
            {policy.adresse2 ? <br /> : null}
            {policy.adresse2}
          </Field>
          <Field label={f('cpVille')}>{[policy.cp, policy.ville].filter(Boolean).join(' ')}</Field>
          <Field label={f('tel1')}>{v('tel1')}</Field>
          <Field label={f('tel2')}>{v('tel2')}</Field>
          <Field label={f('email')}>{v('email')}</Field>
          <Field label={f('categorieSocioProf')}>{v('categorieSocioProf')}</Field>
          <Field label={f('courtier')}>{v('courtier')}</Field>
          <Field label={f('apporteur')}>{v('apporteur')}</Field>
          <Field label={f('risque')}>{v('risque')}</Field>
        </FieldCard>
      </Col>
      <Col lg={6} xl={3}>
        <FieldCard title={t('police.detail.police')}>
          {(
            [
              'gamme',
              'formule',
              'police',
              'dateSignature',
              'dateCreation',
              'dateEffet',
              'dateResil',
              'motifResil',
            ] as const
          ).map((key) => (
            <Field key={key} label={f(key)}>
              {v(key)}
            </Field>
          ))}
        </FieldCard>
      </Col>
      <Col lg={6} xl={3}>
        <FieldCard title={t('police.detail.cotisations')}>
          <Field label={f('cotisationHt')}>{formatAmount(policy.cotisationHt)}</Field>
          <Field label={f('cotisationTtc')}>{formatAmount(policy.cotisationTtc)}</Field>
          <Field label={f('droitsMensuels')}>{formatAmount(policy.droitsMensuels)}</Field>
          <Field label={f('cotisationTotale')}>{formatAmount(policy.cotisationTotale)}</Field>
          <Field label={f('modePaiement')}>{policy.libelleModePaiement ?? policy.modePaiement}</Field>
          <Field label={f('jourPrelevement')}>{v('jourPrelevement')}</Field>
          <Field label={f('statutPaiement')}>{policy.libelleStatutPaiement ?? policy.statutPaiement}</Field>
        </FieldCard>
      </Col>
      {features(account).commissions && (
        <Col lg={6} xl={3}>
          <FieldCard
            title={t('police.detail.commissions')}
            footer={
              <div className="mt-2">
                <Link
                  className="btn btn-sm btn-outline-primary"
                  to={pathTo('commissionMouvementView', { id: policy.idPolice })}
                  state={{ background: location }}
                >
                  {t('police.detail.details')}
                </Link>
              </div>
            }
          >
            <Field label={f('modeCommissionnement')}>{v('modeCommissionnement')}</Field>
            <Field label={f('montantCommissionTotale')}>{v('montantCommissionTotale')}</Field>
            <Field label={f('montantCommissionAnnee1')}>{v('montantCommissionAnnee1')}</Field>
            <Field label={f('datePaiementCommissionAnnee1')}>
              {formatDate(policy.datePaiementCommissionAnnee1)}
            </Field>
            <Field label={f('montantRepriseCommissionAnnee1')}>{v('montantRepriseCommissionAnnee1')}</Field>
            <Field label={f('dateRepriseCommissionAnnee1')}>
              {formatDate(policy.dateRepriseCommissionAnnee1)}
            </Field>
            <Field label={f('dateDerniereCommission')}>{formatDate(policy.dateDerniereCommission)}</Field>
            <Field label={f('montantCommissionPrevue')}>{v('montantCommissionPrevue')}</Field>
          </FieldCard>
        </Col>
      )}
    </Row>
  );
};

/** The policy detail of docs/product.md §2: four cards, insured persons, history. */
export const PolicyDetail = ({
  idPolice,
  onBack,
  heading: Heading = 'h2',
}: {
  idPolice: IdPolice;
  onBack?: () => void;
  /** `h1` on its own page (`police/{id}`); under a list's or a statement's `h1` an `h2`. */
  heading?: 'h1' | 'h2';
}) => {
  const { t } = useTranslation();
  const account = useAccount();
  const { state, reload } = useApi(() => loadPolicy(idPolice), [idPolice]);
  const anomalies = useAnomalyCounts('idPolice', idPolice, 'idPolice').get(idPolice) ?? 0;
  return (
    <ApiView state={state} reload={reload}>
      {({ policy, insured, events }) => (
        <section aria-labelledby="policy-heading">
          <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
            <Heading id="policy-heading" className="h4 mb-0 me-auto">
              {t('police.detail.police')} <NoBreak>{policy.police ?? ''}</NoBreak> — {policy.nomprenom}
            </Heading>
            {anomalies > 0 && (
              <AnomalyMark
                field="idPolice"
                id={policy.idPolice}
                count={anomalies}
                label={policy.police ?? String(policy.idPolice)}
              />
            )}
            {canAccess(account, 'message') && (
              <Link
                className="btn btn-sm btn-outline-secondary"
                to={`${pathTo('message')}?idPolice=${policy.idPolice}`}
              >
                <Icon shape={envelope} className="me-1" />
                {t('police.detail.message')}
              </Link>
            )}
            <ContestLink source="POLICY" id={policy.idPolice} />
            {onBack && (
              <Button size="sm" variant="secondary" onClick={onBack}>
                <Icon shape={arrowLeft} className="me-1" />
                {t('lists.back')}
              </Button>
            )}
          </div>
          <Cards policy={policy} />
          {insured.length > 0 && <InsuredTable insured={insured} />}
          {events.length > 0 && <HistoryTable events={events} />}
        </section>
      )}
    </ApiView>
  );
};
