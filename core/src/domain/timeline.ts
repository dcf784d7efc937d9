import { Schema } from 'effect';
import { brokerFields } from './broker.ts';
import { Id, IsoDateTime, Nullable } from './fields.ts';

/** Timeline event types of spec §4, in display order. */
export const EVENT_TYPES = ['AFN', 'RSL', 'REV', 'IMP', 'MED', 'CTX', 'AAY', 'RAY', 'RRS', 'CRR'] as const;
export const EventType = Schema.Literal(...EVENT_TYPES);
export type EventType = typeof EventType.Type;

/** Types selected by default in the timeline filter: all but CRR (spec §4). */
export const DEFAULT_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter((type) => type !== 'CRR');

/** Icon name and severity per event type (spec §4): both UIs map the name to their icon set. */
export const EVENT_ICONS: Readonly<
  Record<EventType, { readonly icon: string; readonly tone?: 'warning' | 'danger' }>
> = {
  AFN: { icon: 'plus' },
  RSL: { icon: 'close' },
  REV: { icon: 'undo' },
  IMP: { icon: 'euro', tone: 'warning' },
  MED: { icon: 'euro', tone: 'danger' },
  CTX: { icon: 'bank' },
  AAY: { icon: 'plus' },
  RAY: { icon: 'minus' },
  RRS: { icon: 'close', tone: 'warning' },
  CRR: { icon: 'envelope' },
};

/** A policy event, as `GET /api/timelines` and `/api/police-event/{idPolice}` send it. */
export const TimelineEvent = Schema.Struct({
  id: Id,
  ...brokerFields,
  time: IsoDateTime,
  idPolice: Nullable(Id),
  police: Nullable(Schema.String),
  risque: Nullable(Schema.String),
  gamme: Nullable(Schema.String),
  nomprenom: Nullable(Schema.String),
  idAssure: Nullable(Id),
  typeMessage: EventType,
  message: Nullable(Schema.String),
});
export type TimelineEvent = typeof TimelineEvent.Type;
