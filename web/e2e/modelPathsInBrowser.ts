/** Model paths as user walks: core's (`core/src/testing/userWalks.ts`), shared with the CLI's replays. */
export * from '../../core/src/testing/userWalks.ts';
