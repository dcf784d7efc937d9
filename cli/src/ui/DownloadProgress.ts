import type { AppEvents } from '@extranet/core';
import { Box, Text } from 'ink';
import { createElement as h, useEffect, useState } from 'react';
import type { Translator } from '../i18n/translate.ts';

export interface DownloadProgressProps {
  readonly t: Translator;
  readonly events: AppEvents;
  readonly label: string;
  readonly total: number | undefined;
  readonly width?: number;
}

/** A progress bar fed by core's `download.progress` events; a line counter when the total is unknown. */
export const DownloadProgress = ({ t, events, label, total, width = 30 }: DownloadProgressProps) => {
  const [loaded, setLoaded] = useState(0);
  const [known, setKnown] = useState(total);
  useEffect(() => {
    const subscription = events.subscribe((event) => {
      if (event.type !== 'download.progress') return;
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
          { color: 'green' },
          '█'.repeat(filled),
          h(Text, { dimColor: true }, '░'.repeat(width - filled)),
        ),
    h(
      Text,
      null,
      ratio === undefined
        ? t('cli.progress.lines', { loaded })
        : ` ${Math.floor(ratio * 100)} % ${t('cli.progress.linesOf', { loaded, total: known ?? 0 })}`,
    ),
  );
};
