// Kept free of Effect: the permission table (and so every CLI start) reads these constants.
/**
 * What a webhook can be told (docs/integrations.md "Webhooks"): a new statement, a new IMP, MED
 * or CTX event on one of the owner's policies, a reconciliation anomaly found, a dispute answered.
 */
export const WEBHOOK_EVENT_TYPES = [
  'statement.created',
  'policy.event',
  'anomaly.found',
  'dispute.answered',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The timeline events a `policy.event` webhook carries: the ones a broker acts upon. */
export const WEBHOOK_POLICY_EVENTS = ['IMP', 'MED', 'CTX'] as const;

/** The permission its owner needs to receive an event of each type (besides row scope). */
export const WEBHOOK_EVENT_PERMISSION = {
  'statement.created': 'commissions.read',
  'policy.event': 'timeline.read',
  'anomaly.found': 'commissions.read',
  'dispute.answered': 'commissions.read',
} as const;
