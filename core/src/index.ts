// Public surface of @extranet/core: schemas, API client, machines, events, i18n.
export * from './api/accountApi.ts';
export * from './api/config.ts';
export * from './api/errorMessage.ts';
export * from './api/errors.ts';
export * from './api/problem.ts';
export * from './api/request.ts';
export * from './api/runtime.ts';
export * from './domain/account.ts';
export * from './domain/ids.ts';
export * from './events/appEvents.ts';
export * from './i18n/message.ts';
export * from './i18n/resources.ts';
export * from './machines/auth.machine.ts';
export * from './runtime/authRuntime.ts';
export * from './runtime/effectActor.ts';
