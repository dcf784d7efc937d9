import type { ApiEffect, ListQuery, Page } from '@extranet/core';
import { call, requireSession } from '../apiErrors.ts';
import type { Deps } from '../deps.ts';
import { ExitCode } from '../errors.ts';
import { printJson, printTable, printText } from '../output/print.ts';
import { type Formatters, formatters } from './format.ts';

/** One column of a list table: its header key under `cli.columns` and how a row shows. */
export interface ListColumn<T> {
  readonly key: string;
  readonly value: (row: T, format: Formatters) => string;
  readonly right?: boolean;
}

/** The `--json` shape of every list: the page's rows and where it sits (docs/cli.md). */
export interface ListJson<T> {
  readonly page: number;
  readonly size: number;
  readonly total: number;
  readonly items: readonly T[];
  readonly [extra: string]: unknown;
}

/**
 * Fetches one page and prints it: a table fitted to the terminal and a footer (page, rows), or
 * the JSON document. `extra` adds summary lines and JSON fields (the statements' total).
 */
export const runList = async <T, E>(
  deps: Deps,
  opts: { readonly json?: boolean },
  query: ListQuery,
  fetch: (query: ListQuery) => ApiEffect<Page<T>, E>,
  columns: readonly ListColumn<T>[],
  extra?: (page: Page<T>, format: Formatters) => { json: Record<string, unknown>; lines: string[] },
): Promise<number> => {
  const { t, io } = deps;
  requireSession(deps);
  const page = await call(deps, fetch(query));
  const format = formatters(t.language);
  const more = extra?.(page, format) ?? { json: {}, lines: [] };
  if (opts.json) {
    const body: ListJson<T> = {
      page: query.page + 1,
      size: query.size,
      total: page.total,
      items: page.items,
      ...more.json,
    };
    printJson(io, body);
    return ExitCode.ok;
  }
  if (page.items.length === 0) printText(io, t('cli.list.empty'));
  else
    await printTable(
      io,
      columns.map((c) => ({ header: t(`cli.columns.${c.key}`), right: c.right })),
      page.items.map((row) => columns.map((c) => c.value(row, format))),
    );
  const pages = Math.max(1, Math.ceil(page.total / query.size));
  printText(io, t('cli.list.footer', { page: query.page + 1, pages, total: page.total }));
  for (const line of more.lines) printText(io, line);
  return ExitCode.ok;
};
