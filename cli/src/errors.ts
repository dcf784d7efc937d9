/** Exit codes of every command: scripts rely on them. */
export const ExitCode = {
  ok: 0,
  /** The server failed or could not be reached. */
  failure: 1,
  /** Bad options, arguments or input: the user can fix the command line. */
  usage: 2,
  /** Not signed in, session expired, or the account lacks the role. */
  auth: 3,
  /** Interrupted: Ctrl-C, or Esc at a prompt (as shells report SIGINT). */
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure to report as one line on stderr with its exit code; never a stack trace. */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  constructor(message: string, exitCode: ExitCode) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

export const usageError = (message: string) => new CliError(message, ExitCode.usage);
