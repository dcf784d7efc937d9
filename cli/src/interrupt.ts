/**
 * Ctrl-C and SIGTERM end the command with exit 130, as shells report an interrupted program, after
 * the cleanups registered here (a partial download's temporary file) have run.
 */
const cleanups = new Set<() => void>();

export const INTERRUPTED = 130;

/** Runs `cleanup` if the process is interrupted before the returned function is called. */
export const onInterrupt = (cleanup: () => void): (() => void) => {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
};

/** Installs the handlers once, in the real process (main.ts). */
export const exitOnInterrupt = (): void => {
  const interrupted = () => {
    for (const cleanup of cleanups) cleanup();
    process.exit(INTERRUPTED);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
};
