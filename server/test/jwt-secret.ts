/**
 * The signing secret of test servers, in a module of its own so that code run outside Vitest
 * (the server processes `npm run bench -- fleet` starts through reliability/server-process.ts)
 * can use it without loading the test helpers.
 */
export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGHIJKLMNOPQRSTUVWXYZ';
