/** What other packages (bench, end-to-end tests) may use of the CLI. */
export { runCli } from './cli.ts';
export { ExitCode } from './errors.ts';
export type { Io } from './io.ts';
