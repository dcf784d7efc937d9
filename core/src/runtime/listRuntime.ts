import { fromPromise } from 'xstate';
import type { DownloadedFile } from '../api/download.ts';
import {
  anomalyApi,
  insuredApi,
  movementApi,
  policeApi,
  statementApi,
  timelineApi,
} from '../api/entitiesApi.ts';
import type { ListQuery } from '../api/listParams.ts';
import type { Page } from '../api/paging.ts';
import type { ApiEffect, ApiRuntime } from '../api/runtime.ts';
import type { IdBordereau } from '../domain/ids.ts';
import type { ListSpec } from '../lists/listSpecs.ts';
import { listQueryMachine } from '../machines/listQuery.machine.ts';

/** Where a downloaded file goes: the browser's save dialog, or a file for the CLI. */
export type SaveFile = (file: DownloadedFile) => void | Promise<void>;

type Selection = Omit<ListQuery, 'page' | 'size'>;
interface ListCalls {
  readonly list: (query: ListQuery) => ApiEffect<Page<unknown>, unknown>;
  readonly exportCsv?: (query: Selection, columns: readonly string[]) => ApiEffect<DownloadedFile, unknown>;
}

/** The calls behind each list of `LIST_SPECS`; statement lines need their statement's id. */
export const listCalls = (id: ListSpec['id'], idBordereau?: IdBordereau): ListCalls => {
  switch (id) {
    case 'police':
      return policeApi as ListCalls;
    case 'assures':
      return insuredApi as ListCalls;
    case 'commission':
      return statementApi as ListCalls;
    case 'timeline':
      return timelineApi as ListCalls;
    case 'anomalies':
      return anomalyApi as ListCalls;
    case 'mouvements':
      if (idBordereau === undefined) throw new Error('the statement lines need idBordereau');
      return {
        list: (query) => movementApi.ofStatement(idBordereau, query),
        exportCsv: (query, columns) => movementApi.exportOfStatement(idBordereau, query, columns),
      };
  }
};

/**
 * The list machine wired to the API: `fetchPage` loads a page for the query, `exportList`
 * downloads the CSV and hands it to `save`.
 *
 * @example
 * const machine = provideList(runtime, 'police', { save: (file) => saveAs(file.blob, file.fileName) });
 * createActor(machine, { input: { spec: LIST_SPECS.police } })
 */
export const provideList = (
  runtime: ApiRuntime,
  id: ListSpec['id'],
  options: { readonly save: SaveFile; readonly idBordereau?: IdBordereau },
) => {
  const calls = listCalls(id, options.idBordereau);
  return listQueryMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<unknown>, ListQuery>(({ input, signal }) =>
        runtime.run(calls.list(input), signal),
      ),
      exportList: fromPromise<DownloadedFile, { query: Selection; columns: readonly string[] }>(
        async ({ input, signal }) => {
          if (calls.exportCsv === undefined) throw new Error(`${id} has no export`);
          const file = await runtime.run(calls.exportCsv(input.query, input.columns), signal);
          await options.save(file);
          return file;
        },
      ),
    },
  });
};
