import { fromPromise } from 'xstate';
import { type EntriesRequest, entriesApi } from '../api/entriesApi.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { entriesDownloadMachine } from '../machines/entriesDownload.machine.ts';
import type { SaveFile } from './listRuntime.ts';

/** The statement list's entries for the books, saved by the UI's `save`. */
export const provideEntriesDownload = (runtime: ApiRuntime, save: SaveFile) =>
  entriesDownloadMachine.provide({
    actors: {
      downloadEntries: fromPromise(
        async ({ input, signal }: { input: EntriesRequest; signal: AbortSignal }) => {
          await save(await runtime.run(entriesApi.download(input), signal));
        },
      ),
    },
  });
