import { render } from 'ink';
import { createElement as h } from 'react';
import type { Deps } from '../deps.ts';
import { CodePrompt } from './CodePrompt.ts';

/** Runs the Ink code prompt on the terminal (stderr when stdout is piped); undefined when cancelled. */
export const askCode = (deps: Pick<Deps, 'io' | 't' | 'out'>): Promise<string | undefined> =>
  new Promise((resolve) => {
    const { io, t } = deps;
    const finish = (answer: string | undefined) =>
      setImmediate(() => {
        app.unmount();
        resolve(answer);
      });
    const app = render(
      h(CodePrompt, { t, onSubmit: finish, onCancel: () => finish(undefined), color: deps.out.styled }),
      {
        stdout: (io.stdout.isTTY ? io.stdout : io.stderr) as NodeJS.WriteStream,
        stdin: io.stdin as NodeJS.ReadStream,
        exitOnCtrlC: false,
      },
    );
  });
