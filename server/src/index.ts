/** What other packages (end-to-end tests of the CLI and of core) use of the server. */
export { type Running, start } from './main.ts';
