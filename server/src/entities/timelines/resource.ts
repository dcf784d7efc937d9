/** Timeline events (spec §3 "Timeline event"; types of §4; default sort id descending, §9). */
import { brokerFields, desc, f, type ResourceDef } from '../engine/fields.ts';

export const EVENT_TYPES = ['AFN', 'RSL', 'REV', 'IMP', 'MED', 'CTX', 'AAY', 'RAY', 'RRS', 'CRR'] as const;

export const timelineResource: ResourceDef = {
  entityName: 'timeline',
  table: 'timeline_event',
  key: 'id',
  exportName: 'evenements.csv',
  defaultSize: 10,
  defaultSort: [desc('id')],
  search: ['police', 'nomprenom', 'risque', 'gamme', 'message'],
  fields: [
    f('id', 'id', 'Id'),
    ...brokerFields,
    f('time', 'timestamp', 'Date'),
    f('idPolice', 'id', 'Id police'),
    f('police', 'text', 'Police'),
    f('risque', 'text', 'Risque'),
    f('gamme', 'text', 'Gamme'),
    f('nomprenom', 'text', 'Nom prénom'),
    f('idAssure', 'id', 'Id assuré'),
    f('typeMessage', 'enum', 'Type', { values: EVENT_TYPES }),
    f('message', 'text', 'Message'),
  ],
};
