import { Schema } from 'effect';
import { domainSchema } from '../descriptors/schema.ts';
import { timelineDescriptor } from '../descriptors/timeline.ts';
import { EVENT_TYPES } from './eventTypes.ts';

export { EVENT_TYPES } from './eventTypes.ts';

/** Timeline event types of docs/product.md §4 as a schema. */
export const EventType = Schema.Literal(...EVENT_TYPES);
export type EventType = typeof EventType.Type;

/** Icon name and severity per event type (docs/product.md §4): both UIs map the name to their icon set. */
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

/** A policy event, as `GET /api/timelines` and `/api/police-event/{idPolice}` send it, derived from its descriptor. */
export const TimelineEvent = domainSchema(timelineDescriptor);
export type TimelineEvent = typeof TimelineEvent.Type;
