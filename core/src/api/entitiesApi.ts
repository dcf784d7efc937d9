import { Schema } from 'effect';
import { filterValues } from '../contract/filterValues.ts';
import { anomalyDescriptor } from '../descriptors/anomaly.ts';
import { commissionDescriptor } from '../descriptors/commission.ts';
import { mouvementDescriptor } from '../descriptors/mouvement.ts';
import { policeDescriptor } from '../descriptors/police.ts';
import { policeAssureDescriptor } from '../descriptors/policeAssure.ts';
import { Anomaly } from '../domain/anomaly.ts';
import type { IdBordereau, IdPolice } from '../domain/ids.ts';
import { InsuredPerson } from '../domain/insured.ts';
import { CommissionMovement } from '../domain/movement.ts';
import { Policy } from '../domain/policy.ts';
import { CommissionStatement, RecapLine } from '../domain/statement.ts';
import { TimelineEvent } from '../domain/timeline.ts';
import { downloadFile } from './download.ts';
import { entityApi } from './entityApi.ts';
import { filterValuesApi } from './filterValuesApi.ts';
import { exportParams, type ListQuery, listParams } from './listParams.ts';
import { getPage } from './paging.ts';
import { getJson } from './request.ts';

export { FilterChoice } from '../contract/filterValues.ts';

/** `api/police`: the portfolio (docs/product.md §7), and the choices of its multi-select filters. */
export const policeApi = {
  ...entityApi('api/police', Policy, policeDescriptor),
  ...filterValuesApi(filterValues.police),
};

/** `api/police-assures`, plus `GET api/assures/{idPolice}` (a policy's insured persons by rank). */
export const insuredApi = {
  ...entityApi('api/police-assures', InsuredPerson, policeAssureDescriptor),
  ...filterValuesApi(filterValues.insured),
  ofPolicy: (idPolice: IdPolice) => getJson(Schema.Array(InsuredPerson), { path: `api/assures/${idPolice}` }),
};

/** `api/commissions`: statements, their recap lines and their PDF. */
export const statementApi = {
  ...entityApi('api/commissions', CommissionStatement, commissionDescriptor),
  ...filterValuesApi(filterValues.commissions),
  recap: (idBordereau: IdBordereau) =>
    getJson(Schema.Array(RecapLine), { path: `api/commissions/bordereau/${idBordereau}` }),
  /** The statement's PDF, named from `Content-Disposition`. */
  downloadPdf: (idBordereau: IdBordereau) =>
    downloadFile({
      path: `api/commissions/download/${idBordereau}`,
      accept: 'application/pdf',
      fallbackName: `bordereau-${idBordereau}.pdf`,
    }),
};

/** `api/commission-mouvements`, a statement's lines and a policy's movements. */
export const movementApi = {
  ...entityApi('api/commission-mouvements', CommissionMovement, mouvementDescriptor),
  /** A statement's lines (`GET api/mouvements/{idBordereau}`), with every list parameter. */
  ofStatement: (idBordereau: IdBordereau, query: ListQuery) =>
    getPage(CommissionMovement, { path: `api/mouvements/${idBordereau}`, query: listParams(query) }),
  exportOfStatement: (
    idBordereau: IdBordereau,
    query: Omit<ListQuery, 'page' | 'size'>,
    columns?: readonly string[],
  ) =>
    downloadFile({
      path: `api/mouvements/${idBordereau}/export.csv`,
      query: exportParams(query, columns),
      accept: 'text/csv',
      fallbackName: `mouvements-${idBordereau}.csv`,
    }),
  /** A policy's movements, `mois` descending (the 'Détail Commission' popup). */
  ofPolicy: (idPolice: IdPolice) =>
    getJson(Schema.Array(CommissionMovement), { path: `api/mouvements/police/${idPolice}` }),
};

/**
 * Timeline query: the type multi-select travels as `type=AFN,RSL` (docs/product.md §7), not as a field
 * filter; an empty selection sends no `type` (all types).
 */
const timelineParams = (query: ListQuery) => {
  const { typeMessage, ...others } = query.filters;
  const types = typeMessage?.op === 'in' ? typeMessage.values : [];
  return [
    ...listParams({ ...query, filters: others }),
    ...(types.length === 0 ? [] : [['type', types.join(',')] as const]),
  ];
};

/** `GET api/timelines` and a policy's history `GET api/police-event/{idPolice}`. */
export const timelineApi = {
  list: (query: ListQuery) => getPage(TimelineEvent, { path: 'api/timelines', query: timelineParams(query) }),
  get: (id: number) => getJson(TimelineEvent, { path: `api/timelines/${id}` }),
  ofPolicy: (idPolice: IdPolice) =>
    getJson(Schema.Array(TimelineEvent), { path: `api/police-event/${idPolice}` }),
};

/** `api/anomalies` (docs/reconciliation.md): reconciliation anomalies; `X-Total-Amount` is the amount at stake. */
export const anomalyApi = {
  ...entityApi('api/anomalies', Anomaly, anomalyDescriptor),
  ...filterValuesApi(filterValues.anomalies),
};
