/** One progress report of a download: data lines received, out of `total` when known. */
export interface ProgressEvent {
  readonly type: 'download.progress';
  readonly loaded: number;
  readonly total: number | undefined;
}

/** What the progress bar listens to (core's `AppEvents` has the same shape). */
export interface ProgressSource {
  subscribe(listener: (event: ProgressEvent | { readonly type: string }) => void): { unsubscribe(): void };
}

/** A tiny event feed: the export publishes, the Ink bar subscribes (no rxjs to load). */
export const progressFeed = () => {
  const listeners = new Set<(event: ProgressEvent) => void>();
  return {
    next: (event: ProgressEvent) => {
      for (const listener of listeners) listener(event);
    },
    subscribe: (listener: (event: ProgressEvent) => void) => {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
  };
};
