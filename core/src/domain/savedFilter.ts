import { Schema } from 'effect';
import { Id, IsoDateTime } from './fields.ts';

/** A saved list (`/api/saved-filters`, docs/insight.md): a named list address, its owner's own. */
export const SavedFilter = Schema.Struct({
  id: Id,
  name: Schema.String.annotations({ description: 'unique per user and list' }),
  /** The list's name (`police`, `police-assure`, `commission`, …: core's `LIST_NAMES`). */
  list: Schema.String.annotations({ description: "the list's route name (core's list specs)" }),
  /** The list's URL query without its position. */
  query: Schema.String.annotations({ description: "the list's URL query, in canonical form" }),
  isDefault: Schema.Boolean.annotations({
    description: 'the list opens with it when its address has no query',
  }),
  createdDate: IsoDateTime,
  lastModifiedDate: IsoDateTime,
});
export type SavedFilter = typeof SavedFilter.Type;

/** What a POST or PUT sends. */
export interface SavedFilterInput {
  readonly id?: number;
  readonly name: string;
  readonly list: string;
  readonly query: string;
  readonly isDefault: boolean;
}
