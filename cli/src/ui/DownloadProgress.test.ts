import { createAppEvents } from '@extranet/core';
import { render } from 'ink-testing-library';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../i18n/translate.ts';
import { DownloadProgress } from './DownloadProgress.ts';

/** The frame once Ink has rendered it: polled until it matches, never a fixed sleep. */
const frame = (lastFrame: () => string | undefined, expected: string) =>
  vi.waitFor(() => expect(lastFrame()).toBe(expected), { timeout: 2000, interval: 5 });

describe('DownloadProgress', () => {
  it('fills the bar from core’s download.progress events', async () => {
    const events = createAppEvents();
    const t = createTranslator('en');
    const { lastFrame } = render(h(DownloadProgress, { t, events, label: 'x.csv', total: 200, width: 10 }));
    await frame(lastFrame, 'x.csv ░░░░░░░░░░ 0 % 0/200 lines');
    events.next({ type: 'download.progress', loaded: 100, total: 200 });
    await frame(lastFrame, 'x.csv █████░░░░░ 50 % 100/200 lines');
    events.next({ type: 'download.progress', loaded: 200, total: 200 });
    await frame(lastFrame, 'x.csv ██████████ 100 % 200/200 lines');
  });

  it('counts lines when the total is unknown', async () => {
    const events = createAppEvents();
    const { lastFrame } = render(
      h(DownloadProgress, { t: createTranslator('fr'), events, label: 'x.csv', total: undefined }),
    );
    events.next({ type: 'download.progress', loaded: 42, total: undefined });
    await frame(lastFrame, 'x.csv 42 lignes');
  });
});
