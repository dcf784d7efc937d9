import { render } from 'ink';
import { createElement as h } from 'react';
import type { Deps } from '../deps.ts';
import { DownloadProgress } from './DownloadProgress.ts';
import type { ProgressSource } from './progressFeed.ts';

/** Shows the progress bar on stderr (never in the data) until the returned function is called. */
export const showProgress = (
  deps: Pick<Deps, 'io' | 't' | 'out'>,
  events: ProgressSource,
  label: string,
  total: number | undefined,
) => {
  const app = render(h(DownloadProgress, { t: deps.t, events, label, total, color: deps.out.styled }), {
    stdout: deps.io.stderr as NodeJS.WriteStream,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  return async () => {
    app.unmount();
    await app.waitUntilExit();
  };
};
