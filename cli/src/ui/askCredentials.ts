import { render } from 'ink';
import { createElement as h } from 'react';
import type { Deps } from '../deps.ts';
import { LoginPrompt, type PromptedCredentials } from './LoginPrompt.ts';

/** Runs the Ink sign-in prompt on the terminal; stderr when stdout is piped, so output stays clean. */
export const askCredentials = (
  deps: Pick<Deps, 'io' | 't' | 'server' | 'out'>,
  initialUsername: string | undefined,
): Promise<PromptedCredentials | undefined> =>
  new Promise((resolve) => {
    const { io, t, server } = deps;
    const finish = (answer: PromptedCredentials | undefined) => {
      // Let the last frame ("Signing in…") reach the terminal before Ink lets go of it.
      setImmediate(() => {
        app.unmount();
        resolve(answer);
      });
    };
    const app = render(
      h(LoginPrompt, {
        t,
        server,
        ...(initialUsername ? { initialUsername } : {}),
        onSubmit: finish,
        onCancel: () => finish(undefined),
        color: deps.out.styled,
      }),
      {
        stdout: (io.stdout.isTTY ? io.stdout : io.stderr) as NodeJS.WriteStream,
        stdin: io.stdin as NodeJS.ReadStream,
        exitOnCtrlC: false,
      },
    );
  });
