export type { LifecycleRunner } from './eventsFor.ts';
export {
  eventsFor,
  isTerminated,
  lifecycleInputsFor,
  lifecycleStateOf,
  paymentStatusOf,
  startLifecycle,
} from './eventsFor.ts';
export type {
  PolicyLifecycleContext,
  PolicyLifecycleEmitted,
  PolicyLifecycleEvent,
} from './policyLifecycle.machine.ts';
export { policyLifecycleMachine } from './policyLifecycle.machine.ts';
export { frAmount, frDate, lifecycleMessage } from './policyLifecycle.messages.ts';
export * from './policyLifecycle.types.ts';
