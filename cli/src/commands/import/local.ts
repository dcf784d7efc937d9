import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Deps } from '../../deps.ts';
import { CliError, ExitCode } from '../../errors.ts';
import { type ImportResult, parseSummary } from './kinds.ts';

/** The server's own import command, found through the workspace package (a repository checkout). */
const importScript = (): string | undefined => {
  try {
    // `require.resolve`, not `import.meta.resolve`: the bundle is a CommonJS file.
    const index = createRequire(import.meta.url).resolve('@extranet/server');
    const script = index.replace(/index\.ts$/, 'commands/import.ts');
    return existsSync(script) ? script : undefined;
  } catch {
    return undefined;
  }
};

/**
 * `--local`: runs the server's import command on this machine, against the database its
 * environment configures (`DATABASE_URL`, else the PGlite folder under `DATA_DIR`). Problems go
 * to stderr line by line; its exit code (0, 1 rejected, 2 usage) is ours.
 */
export const importLocally = (
  deps: Pick<Deps, 'io' | 't'>,
  kind: string,
  files: readonly string[],
  onResult: (result: ImportResult) => void,
): Promise<number> => {
  const script = importScript();
  if (script === undefined) throw new CliError(deps.t('cli.import.noLocal'), ExitCode.usage);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, '--kind', kind, ...files], {
      env: deps.io.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const result = parseSummary(line);
        if (result) onResult(result);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => deps.io.stderr.write(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve(code === 0 ? ExitCode.ok : code === 2 ? ExitCode.usage : ExitCode.failure),
    );
  });
};
