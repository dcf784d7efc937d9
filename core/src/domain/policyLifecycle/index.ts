export * from './anomalyRules.ts';
export { eventsFor, paymentStatusOf, startLifecycle } from './eventsFor.ts';
export * from './expectedCommission.ts';
export type { PolicyLifecycleEvent } from './policyLifecycle.machine.ts';
export { frAmount, frDate } from './policyLifecycle.messages.ts';
export * from './policyLifecycle.types.ts';
