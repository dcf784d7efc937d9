// The lifecycle lives in core; one import point so the path changes in one place once core
// re-exports it from its package entry.
export * from '../../../core/src/domain/policyLifecycle/index.ts';
