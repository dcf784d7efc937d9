import { call, callFile, callPage } from '../contract/client.ts';
import {
  anomalyList,
  commissionMovements,
  commissionStatements,
  insuredPersons,
  policies,
  timelineEvents,
} from '../contract/entities.ts';
import { filterValues } from '../contract/filterValues.ts';
import { anomalyDescriptor } from '../descriptors/anomaly.ts';
import { commissionDescriptor } from '../descriptors/commission.ts';
import { mouvementDescriptor } from '../descriptors/mouvement.ts';
import { policeDescriptor } from '../descriptors/police.ts';
import { policeAssureDescriptor } from '../descriptors/policeAssure.ts';
import type { IdBordereau, IdPolice } from '../domain/ids.ts';
import { entityApi, entityQuery, entityWriteApi } from './entityApi.ts';
import { filterValuesApi } from './filterValuesApi.ts';
import { exportParams, type ListQuery, listParams } from './listParams.ts';

export { FilterChoice } from '../contract/filterValues.ts';

/** `api/police`: the portfolio (docs/product.md §7), and the choices of its multi-select filters. */
export const policeApi = {
  ...entityApi(policies, policeDescriptor),
  ...entityWriteApi(policies, policeDescriptor),
  ...filterValuesApi(filterValues.police),
};

/** `api/police-assures`, plus `GET api/assures/{idPolice}` (a policy's insured persons by rank). */
export const insuredApi = {
  ...entityApi(insuredPersons, policeAssureDescriptor),
  ...entityWriteApi(insuredPersons, policeAssureDescriptor),
  ...filterValuesApi(filterValues.insured),
  ofPolicy: (idPolice: IdPolice) => call(insuredPersons.ofPolicy, { params: { idPolice: String(idPolice) } }),
};

/** `api/commissions`: statements, their recap lines and their PDF. */
export const statementApi = {
  ...entityApi(commissionStatements, commissionDescriptor),
  ...entityWriteApi(commissionStatements, commissionDescriptor),
  ...filterValuesApi(filterValues.commissions),
  recap: (idBordereau: IdBordereau) =>
    call(commissionStatements.recap, { params: { id: String(idBordereau) } }),
  /** The statement's PDF, named from `Content-Disposition`. */
  downloadPdf: (idBordereau: IdBordereau) =>
    callFile(
      commissionStatements.pdf,
      { params: { id: String(idBordereau) } },
      { accept: 'application/pdf', fallbackName: `bordereau-${idBordereau}.pdf` },
    ),
};

/** `api/commission-mouvements`, a statement's lines and a policy's movements. */
export const movementApi = {
  ...entityApi(commissionMovements, mouvementDescriptor),
  ...entityWriteApi(commissionMovements, mouvementDescriptor),
  /** A statement's lines (`GET api/mouvements/{idBordereau}`), with every list parameter. */
  ofStatement: (idBordereau: IdBordereau, query: ListQuery) =>
    callPage(commissionMovements.ofStatement, {
      params: { idBordereau: String(idBordereau) },
      query: entityQuery(listParams(query)),
    }),
  exportOfStatement: (
    idBordereau: IdBordereau,
    query: Omit<ListQuery, 'page' | 'size'>,
    columns?: readonly string[],
  ) =>
    callFile(
      commissionMovements.exportOfStatement,
      { params: { idBordereau: String(idBordereau) }, query: entityQuery(exportParams(query, columns)) },
      { accept: 'text/csv', fallbackName: `mouvements-${idBordereau}.csv` },
    ),
  /** A policy's movements, `mois` descending (the 'Détail Commission' popup). */
  ofPolicy: (idPolice: IdPolice) =>
    call(commissionMovements.ofPolicy, { params: { idPolice: String(idPolice) } }),
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
  list: (query: ListQuery) => callPage(timelineEvents.list, { query: entityQuery(timelineParams(query)) }),
  get: (id: number) => call(timelineEvents.get, { params: { id: String(id) } }),
  ofPolicy: (idPolice: IdPolice) => call(timelineEvents.ofPolicy, { params: { idPolice: String(idPolice) } }),
};

/** `api/anomalies` (docs/reconciliation.md): reconciliation anomalies; `X-Total-Amount` is the amount at stake. */
export const anomalyApi = {
  ...entityApi(anomalyList, anomalyDescriptor),
  ...filterValuesApi(filterValues.anomalies),
};
