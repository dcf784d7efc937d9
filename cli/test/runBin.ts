/** Runs the real `extranet` bin in a child process, as a user's shell would (stdout is a pipe). */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../bin/extranet.js', import.meta.url));

export interface BinResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface BinOptions {
  readonly env?: Record<string, string | undefined>;
  readonly input?: string;
  readonly cwd?: string;
}

export const runBin = (args: readonly string[], options: BinOptions = {}): Promise<BinResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, EXTRANET_LANG: 'en', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
