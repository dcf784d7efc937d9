/** Timeline event types of docs/product.md §4, in display order (plain values: list specs load them without Effect). */
export const EVENT_TYPES = ['AFN', 'RSL', 'REV', 'IMP', 'MED', 'CTX', 'AAY', 'RAY', 'RRS', 'CRR'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Types selected by default in the timeline filter: all but CRR (docs/product.md §4). */
export const DEFAULT_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter((type) => type !== 'CRR');
