import { fromPromise } from 'xstate';
import { statementApi } from '../api/entitiesApi.ts';
import { insightApi } from '../api/insightApi.ts';
import { shownByForm, shownByScreen } from '../api/loadFailure.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { savedFiltersApi } from '../api/savedFiltersApi.ts';
import { type SavedListsWrite, savedListsMachine } from '../machines/savedLists.machine.ts';
import {
  type LoadChangesInput,
  type LoadChangesOutput,
  statementChangesMachine,
} from '../machines/statementChanges.machine.ts';

/** How many of a broker's statements the comparison offers (eight years of months). */
const CANDIDATES = 100;

/**
 * A statement's changes wired to `GET api/commissions/{id}/changes`; the first load also lists
 * the same broker's other statements (latest first) to compare with.
 */
export const provideStatementChanges = (runtime: ApiRuntime) =>
  statementChangesMachine.provide({
    actors: {
      loadChanges: fromPromise<LoadChangesOutput, LoadChangesInput>(async ({ input, signal }) => {
        const changes = await runtime.run(
          shownByScreen(insightApi.changes(input.idBordereau, input.from)),
          signal,
        );
        const code = changes.current.codeCourtierPortail;
        if (!input.withCandidates || code === null)
          return { changes, candidates: input.withCandidates ? [] : null };
        const page = await runtime.run(
          statementApi.list({
            filters: { codeCourtierPortail: { op: 'equals', value: code } },
            q: '',
            preset: null,
            sort: [
              { field: 'mois', dir: 'desc' },
              { field: 'idBordereau', dir: 'desc' },
            ],
            page: 0,
            size: CANDIDATES,
          }),
          signal,
        );
        return { changes, candidates: page.items.filter((s) => s.idBordereau !== input.idBordereau) };
      }),
    },
  });

/** A list's saved lists wired to `/api/saved-filters`; a refused write is said by the menu, not broadcast. */
export const provideSavedLists = (runtime: ApiRuntime) =>
  savedListsMachine.provide({
    actors: {
      loadSaved: fromPromise(({ input, signal }: { input: string; signal: AbortSignal }) =>
        runtime.run(savedFiltersApi.list(input), signal),
      ),
      write: fromPromise(async ({ input, signal }: { input: SavedListsWrite; signal: AbortSignal }) => {
        const effect =
          input.kind === 'create'
            ? savedFiltersApi.create(input.input)
            : input.kind === 'update'
              ? savedFiltersApi.update(input.input)
              : savedFiltersApi.remove(input.id);
        await runtime.run(shownByForm(effect), signal);
      }),
    },
  });
