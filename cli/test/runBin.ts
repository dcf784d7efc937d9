/**
 * Runs the real `extranet` bin in a child process, as a user's shell would: stdout a pipe, or
 * with `terminal`, a pseudo-terminal (`script`), so Ink reads raw keys and styles its output.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../bin/extranet.js', import.meta.url));

export interface BinResult {
  readonly code: number | null;
  /** Under a terminal, the screen: what the bin wrote to stdout and stderr, escape sequences kept. */
  readonly stdout: string;
  readonly stderr: string;
}

/** Typed once a text is on the screen (escape sequences aside), after the previous step. */
export interface TerminalStep {
  readonly when: string;
  readonly type: string;
}

export interface BinOptions {
  readonly env?: Record<string, string | undefined>;
  /** Written to a pipe's stdin, which is then closed (not with `terminal`). */
  readonly input?: string;
  readonly cwd?: string;
  /** A pseudo-terminal 80 columns wide (COLUMNS in `env` changes it), keys typed by steps. */
  readonly terminal?: { readonly steps?: readonly TerminalStep[] };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences
const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** A terminal's screen without its escape sequences. */
export const plain = (screen: string): string => screen.replace(ESCAPES, '');

const quoted = (args: readonly string[]) => args.map((a) => `'${a}'`).join(' ');

export const runBin = (args: readonly string[], options: BinOptions = {}): Promise<BinResult> =>
  new Promise((resolve, reject) => {
    const { terminal } = options;
    const terminalEnv = terminal === undefined ? {} : { TERM: 'xterm-256color', COLUMNS: '80' };
    const base = { PATH: process.env.PATH, HOME: process.env.HOME, EXTRANET_LANG: 'en' };
    const [file, argv]: [string, string[]] =
      terminal === undefined
        ? [process.execPath, [BIN, ...args]]
        : ['script', ['-qefc', quoted([process.execPath, BIN, ...args]), '/dev/null']];
    const child = spawn(file, argv, {
      cwd: options.cwd,
      env: { ...base, ...terminalEnv, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const pending = [...(terminal?.steps ?? [])];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const next = pending[0];
      if (next !== undefined && plain(stdout).includes(next.when)) {
        pending.shift();
        setTimeout(() => child.stdin.write(next.type), 100);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // A terminal's keyboard stays open while the bin runs.
    if (terminal === undefined) child.stdin.end(options.input ?? '');
  });
