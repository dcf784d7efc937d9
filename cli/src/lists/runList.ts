import type { Page } from '@extranet/core/api/paging.ts';
import type { Deps } from '../deps.ts';
import { ExitCode } from '../errors.ts';
import { writeLine } from '../io.ts';
import { withDecimalMoney } from '../output/decimal.ts';
import { type Cells, printJson, rowsWriter, status } from '../output/print.ts';
import type { Formatters } from './format.ts';
import { MAX_PAGE_SIZE } from './listOptions.ts';

/** One column of a list: its key (API field, TSV header), how a row shows, and its raw value. */
export interface ListColumn<T> {
  readonly key: string;
  /** For people: localised dates and amounts, shortened. */
  readonly value: (row: T, format: Formatters) => string;
  /** For scripts (TSV, CSV): ISO dates, decimal amounts; defaults to `value`. */
  readonly raw?: (row: T) => string;
  readonly right?: boolean;
  /** The header's key when the CLI has no short one (`cli.columns.<key>`): the field's label. */
  readonly labelKey?: string;
}

/** The `--json` shape of a one-page list: the page's rows and where it sits (docs/cli.md). */
export interface ListJson<T> {
  readonly page: number;
  readonly size: number;
  readonly total: number;
  readonly items: readonly T[];
  readonly [extra: string]: unknown;
}

/** Where pages come from: the list machine (`listActor.ts`), or a plain call (`users list`). */
export interface Pages<T> {
  /** The first page asked for (0-based) and the rows per page. */
  readonly page: number;
  readonly size: number;
  /** Loads a page (0-based) of `size` rows; fails with a `CliError`. */
  load(page: number): Promise<Page<T>>;
  /** Ends what loading holds (the machine's actor). */
  stop?(): void;
}

export interface ListSource<T> {
  /** Money fields, printed as decimal strings in JSON. */
  readonly money: readonly string[];
  readonly columns: readonly ListColumn<T>[];
  /** Summary lines and JSON fields (the statements' total): arrays add up over pages. */
  readonly extra?: (page: Page<T>, format: Formatters) => { json: Record<string, unknown>; lines: string[] };
}

const merge = (into: Record<string, unknown>, more: Record<string, unknown>) => {
  for (const [key, value] of Object.entries(more)) {
    const previous = into[key];
    into[key] = Array.isArray(previous) && Array.isArray(value) ? [...previous, ...value] : value;
  }
};

/**
 * Fetches a page, or with `all` every page from the one asked (1000 rows a request unless
 * `--size`), and prints rows as they arrive: a table, TSV, CSV, or JSON. The footer (page,
 * rows) and totals are status lines on stderr, so stdout holds only the data.
 */
export const runList = async <T>(
  deps: Deps,
  options: { readonly all?: boolean; readonly paginate?: boolean },
  pages: Pages<T>,
  source: ListSource<T>,
): Promise<number> => {
  try {
    return await printList(deps, options.all === true || options.paginate === true, pages, source);
  } finally {
    pages.stop?.();
  }
};

/** Every page size of `--all` without `--size`: the most the API gives at once. */
export const allSize = (options: {
  readonly all?: boolean;
  readonly paginate?: boolean;
  readonly size?: string;
}) =>
  (options.all === true || options.paginate === true) && options.size === undefined
    ? MAX_PAGE_SIZE
    : undefined;

const printList = async <T>(
  deps: Deps,
  all: boolean,
  pages: Pages<T>,
  source: ListSource<T>,
): Promise<number> => {
  const { t, io, out } = deps;
  const opts = { all };
  // The display formats (Intl, ICU data: ~10 ms) load only when something displays: a table, a
  // summary line, or a column whose raw value is its displayed one and reads the formats.
  const displays =
    out.format === 'table' ||
    source.extra !== undefined ||
    source.columns.some((c) => c.raw === undefined && c.value.length > 1);
  const format = displays ? (await import('./format.ts')).formatters(t.language) : (undefined as never);
  const { size } = pages;
  const header = (c: ListColumn<T>) => {
    const short = `cli.columns.${c.key}`;
    const text = t(short);
    return text === short && c.labelKey !== undefined ? t(c.labelKey) : text;
  };
  const writer = rowsWriter(
    deps,
    source.columns.map((c) => ({ key: c.key, header: header(c), right: c.right })),
  );
  const extra: Record<string, unknown> = {};
  const lines: string[] = [];
  let pageNo = pages.page;
  let seen = 0;
  let total = 0;
  for (;;) {
    const page = await pages.load(pageNo);
    total = page.total;
    const more = source.extra?.(page, format);
    if (more) {
      merge(extra, more.json);
      lines.splice(0, lines.length, ...more.lines);
    }
    const items = page.items.map((row) => withDecimalMoney(row as object, source.money) as T);
    if (out.format === 'json' && !opts.all) {
      const body: ListJson<T> = { page: pageNo + 1, size, total, items, ...extra };
      printJson(deps, body);
      return ExitCode.ok;
    }
    if (out.format === 'json') {
      // Streamed as one JSON document: `{"total": n, "items": [ … ]}`, whatever the row count.
      if (seen === 0) io.stdout.write(`{\n  "total": ${total},\n  "items": [`);
      for (const [i, item] of items.entries()) {
        io.stdout.write(
          `${seen + i === 0 ? '\n' : ',\n'}${JSON.stringify(item, null, 2).replace(/^/gm, '    ')}`,
        );
      }
    } else if (out.format !== 'table' || page.items.length > 0) {
      writer.write(
        page.items.map(
          (row): Cells =>
            out.format === 'table'
              ? { display: source.columns.map((c) => c.value(row, format)), raw: [] }
              : { display: [], raw: source.columns.map((c) => (c.raw ? c.raw(row) : c.value(row, format))) },
        ),
      );
    }
    seen += items.length;
    if (!opts.all || items.length < size || pages.page * size + seen >= total) break;
    pageNo += 1;
  }
  if (out.format === 'json') {
    const tail = Object.entries(extra)
      .map(([key, value]) => `,\n  ${JSON.stringify(key)}: ${JSON.stringify(value)}`)
      .join('');
    writeLine(io.stdout, `${seen === 0 ? '' : '\n  '}]${tail}\n}`);
    return ExitCode.ok;
  }
  if (seen === 0 && out.format === 'table') status(deps, t('cli.list.empty'));
  if (opts.all) status(deps, t('cli.list.footerAll', { count: seen, total }));
  else {
    const pages = Math.max(1, Math.ceil(total / size));
    status(deps, t('cli.list.footer', { page: pageNo + 1, pages, count: total }));
  }
  for (const line of lines) status(deps, line);
  return ExitCode.ok;
};
