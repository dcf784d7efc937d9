import { usageError } from '../errors.ts';
import type { Translator } from '../i18n/translate.ts';
import { colorEnabled, type Io, isInteractive, widthOf } from '../io.ts';

export const OUTPUT_FORMATS = ['table', 'tsv', 'csv', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** How a command prints its data: the format, whether to style it, how wide a table may be. */
export interface Output {
  readonly format: OutputFormat;
  /** Bold and dim in the data on stdout: a terminal, and neither NO_COLOR nor --no-color. */
  readonly color: boolean;
  /** Styles allowed at all (the prompt and progress bar on stderr): neither NO_COLOR nor --no-color. */
  readonly styled: boolean;
  readonly width: number;
}

/**
 * `--output` wins, then `--json`; else a table on a terminal and tab-separated values with a
 * header on a pipe (as `gh` and `kubectl` do), so `grep`, `cut` and `awk` see whole values.
 */
export const resolveOutput = (
  io: Io,
  opts: { readonly output?: string; readonly json?: boolean; readonly color?: boolean },
  t: Translator,
): Output => {
  const asked = opts.output?.toLowerCase();
  if (asked !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(asked)) {
    throw usageError(
      t('cli.output.badFormat', { value: opts.output ?? '', formats: OUTPUT_FORMATS.join(', ') }),
    );
  }
  const format: OutputFormat =
    (asked as OutputFormat | undefined) ?? (opts.json ? 'json' : isInteractive(io) ? 'table' : 'tsv');
  const styled = opts.color !== false && (io.env.NO_COLOR ?? '') === '';
  return { format, color: styled && colorEnabled(io, false), styled, width: widthOf(io) };
};
