export { eventsFor, paymentStatusOf, startLifecycle } from './eventsFor.ts';
export type { PolicyLifecycleEvent } from './policyLifecycle.machine.ts';
export { frAmount, frDate } from './policyLifecycle.messages.ts';
export * from './policyLifecycle.types.ts';
