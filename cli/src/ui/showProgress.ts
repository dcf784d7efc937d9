import { render } from 'ink';
import { createElement as h } from 'react';
import type { Deps } from '../deps.ts';
import { DownloadProgress } from './DownloadProgress.ts';

/** Shows the progress bar on the terminal until the returned function is called. */
export const showProgress = (
  deps: Pick<Deps, 'io' | 't' | 'events'>,
  label: string,
  total: number | undefined,
) => {
  const app = render(h(DownloadProgress, { t: deps.t, events: deps.events, label, total }), {
    stdout: deps.io.stdout as NodeJS.WriteStream,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  return async () => {
    app.unmount();
    await app.waitUntilExit();
  };
};
