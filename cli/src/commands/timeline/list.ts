import { timelineDescriptor } from '@extranet/core/descriptors/timeline.ts';
import type { TimelineEvent } from '@extranet/core/domain/timeline.ts';
import { LIST_SPECS } from '@extranet/core/lists/listSpecs.ts';
import type { Deps } from '../../deps.ts';
import { describedColumns } from '../../lists/describedColumns.ts';
import { listActor } from '../../lists/listActor.ts';
import type { ListOptions } from '../../lists/listOptions.ts';
import { runList } from '../../lists/runList.ts';
import type { SavedListOption } from '../../lists/savedList.ts';

export type TimelineOptions = ListOptions & SavedListOption;

/** The descriptor's `cli` columns: the instant in the brokers' zone, as the web shows it. */
const columns = describedColumns<TimelineEvent>(timelineDescriptor, LIST_SPECS.timeline.cliColumns);

/**
 * `extranet timeline`: the policies' events as the web's timeline lists them (its default event
 * types unless `--filter typeMessage.in=…`), driven by core's list machine like the other lists.
 */
export const run = async (given: TimelineOptions, deps: Deps) => {
  const pages = await listActor<TimelineEvent>(deps, LIST_SPECS.timeline, given);
  return runList(deps, pages.options, pages, { money: [], columns });
};
