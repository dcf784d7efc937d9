import { DEFAULT_EVENT_TYPES, EVENT_TYPES } from '../domain/eventTypes.ts';
import { describe, listed } from './descriptor.ts';
import { codes, id, text, timestamp, withMeta } from './field.ts';
import { brokerFields, identifier, rowId } from './shared.ts';

const searched = { searchable: true } as const;

const fields = {
  id: rowId,
  ...brokerFields,
  // The timeline's search reads the policy, not the broker.
  courtier: withMeta(brokerFields.courtier, { searchable: false }),
  time: timestamp('Date', { nullable: false }),
  idPolice: id('Id police'),
  police: text('Police', { ...searched, ...identifier }),
  risque: text('Risque', searched),
  gamme: text('Gamme', searched),
  nomprenom: text('Nom prénom', searched),
  idAssure: id('Id assuré'),
  typeMessage: codes(EVENT_TYPES, 'Type', { nullable: false }),
  message: text('Message', searched),
};

/** A policy event, `GET /api/timelines` and `/api/police-event/{idPolice}`; newest first. */
export const timelineDescriptor = describe({
  entityName: 'timeline',
  table: 'timeline_event',
  key: 'id',
  exportName: 'evenements.csv',
  pageSize: 10,
  pageSizes: [10],
  defaultSort: [{ field: 'id', dir: 'desc' }],
  defaultFilters: { typeMessage: { op: 'in', values: DEFAULT_EVENT_TYPES } },
  fields: listed(fields, {
    show: ['typeMessage', 'time', 'risque', 'nomprenom', 'message'],
    cli: ['time', 'typeMessage', 'police', 'nomprenom', 'message'],
  }),
});
