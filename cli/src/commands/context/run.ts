import type { Deps } from '../../deps.ts';
import { CliError, ExitCode, usageError } from '../../errors.ts';
import { printJson, printTable, status } from '../../output/print.ts';
import { normaliseServer } from '../../server.ts';
import { CONTEXT_NAME, readContexts, writeContexts } from '../../session/contexts.ts';

export interface ContextOptions {
  readonly verb: 'list' | 'add' | 'use' | 'remove' | 'current';
  readonly args: readonly string[];
  /** `add --use`: make it the current context. */
  readonly use?: boolean;
}

/**
 * `extranet context …`: named servers kept in `config.json` beside the token file. Each server
 * keeps its own session, so switching context switches account too (as `gh auth switch`).
 */
export const run = async (opts: ContextOptions, deps: Deps): Promise<number> => {
  const { t, configDir: dir } = deps;
  const file = readContexts(dir);
  const [name = '', url = ''] = opts.args;
  const need = (n: string) => {
    if (file.contexts[n] === undefined) {
      throw new CliError(
        t('cli.context.unknown', { name: n, known: Object.keys(file.contexts).join(', ') || '—' }),
        ExitCode.usage,
      );
    }
  };
  switch (opts.verb) {
    case 'list': {
      const signedIn = new Set(deps.tokens.servers());
      const rows = Object.entries(file.contexts).map(([n, c]) => ({
        name: n,
        server: c.server,
        current: n === file.current,
        signedIn: signedIn.has(normaliseServer(c.server, t)),
      }));
      if (deps.out.format === 'json') {
        printJson(deps, rows);
        return ExitCode.ok;
      }
      if (rows.length === 0 && deps.out.format === 'table') {
        status(deps, t('cli.context.none'));
        return ExitCode.ok;
      }
      printTable(
        deps,
        [
          { key: 'current', header: '' },
          { key: 'name', header: t('cli.columns.context') },
          { key: 'server', header: t('cli.columns.server') },
          { key: 'signedIn', header: t('cli.columns.signedIn') },
        ],
        rows.map((r) => ({
          display: [r.current ? '*' : '', r.name, r.server, r.signedIn ? t('cli.context.yes') : ''],
          raw: [String(r.current), r.name, r.server, String(r.signedIn)],
        })),
      );
      return ExitCode.ok;
    }
    case 'add': {
      if (!CONTEXT_NAME.test(name)) throw usageError(t('cli.context.badName', { name }));
      const server = normaliseServer(url, t);
      writeContexts(dir, {
        contexts: { ...file.contexts, [name]: { server } },
        ...(opts.use ? { current: name } : file.current === undefined ? {} : { current: file.current }),
      });
      status(deps, t(opts.use ? 'cli.context.addedUsed' : 'cli.context.added', { name, server }));
      return ExitCode.ok;
    }
    case 'use': {
      need(name);
      writeContexts(dir, { ...file, current: name });
      status(deps, t('cli.context.used', { name, server: file.contexts[name]!.server }));
      return ExitCode.ok;
    }
    case 'remove': {
      need(name);
      const { [name]: _gone, ...others } = file.contexts;
      writeContexts(dir, {
        contexts: others,
        ...(file.current === undefined || file.current === name ? {} : { current: file.current }),
      });
      status(deps, t('cli.context.removed', { name }));
      return ExitCode.ok;
    }
    case 'current': {
      if (deps.out.format === 'json') printJson(deps, { context: deps.context ?? null, server: deps.server });
      else deps.io.stdout.write(`${deps.context ?? '-'}\t${deps.server}\n`);
      return ExitCode.ok;
    }
  }
};
