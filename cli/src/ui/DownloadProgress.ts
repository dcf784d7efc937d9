import { Box, Text } from 'ink';
import { createElement as h, useEffect, useState } from 'react';
import type { Translator } from '../i18n/translate.ts';
import type { ProgressSource } from './progressFeed.ts';

export interface DownloadProgressProps {
  readonly t: Translator;
  readonly events: ProgressSource;
  readonly label: string;
  readonly total: number | undefined;
  readonly width?: number;
  /** Colours and dim text; off under NO_COLOR and --no-color. */
  readonly color?: boolean;
}

/** A progress bar fed by `download.progress` events (data lines, the CSV header not counted); a
 * line counter when the total is unknown. */
export const DownloadProgress = ({
  t,
  events,
  label,
  total,
  width = 30,
  color = true,
}: DownloadProgressProps) => {
  const [loaded, setLoaded] = useState(0);
  const [known, setKnown] = useState(total);
  useEffect(() => {
    const subscription = events.subscribe((event) => {
      if (event.type !== 'download.progress' || !('loaded' in event)) return;
      setLoaded(event.loaded);
      if (event.total !== undefined) setKnown(event.total);
    });
    return () => subscription.unsubscribe();
  }, [events]);
  const ratio = known ? Math.min(1, loaded / known) : undefined;
  const filled = ratio === undefined ? 0 : Math.round(ratio * width);
  return h(
    Box,
    null,
    h(Text, null, `${label} `),
    ratio === undefined
      ? null
      : h(
          Text,
          color ? { color: 'green' } : {},
          '█'.repeat(filled),
          h(Text, { dimColor: color }, '░'.repeat(width - filled)),
        ),
    h(
      Text,
      null,
      ratio === undefined
        ? t('cli.progress.lines', { count: loaded })
        : ` ${Math.floor(ratio * 100)} % ${t('cli.progress.linesOf', { loaded, total: known ?? 0 })}`,
    ),
  );
};
