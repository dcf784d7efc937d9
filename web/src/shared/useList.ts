import {
  type AddressColumns,
  addressParams,
  type IdBordereau,
  type ListQueryContext,
  type ListQueryInput,
  type ListSpec,
  provideList,
  type Query,
  readAddress,
  withAddress,
} from '@extranet/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { useServices } from '../app/ServicesContext.tsx';
import { saveFile } from './saveFile.ts';

export interface ListOptions {
  /** The statement whose lines the list shows. */
  readonly idBordereau?: IdBordereau;
  /** Keep the list's state in the route's query (docs/design.md §9; where in it: the spec's `address`), with these column rules. */
  readonly address?: AddressColumns;
}

const queryOf = (search: string): Query => [...new URLSearchParams(search).entries()];
const searchOf = (query: Query) => new URLSearchParams(query as Array<[string, string]>).toString();
const addressOf = (
  spec: ListSpec,
  context: Pick<ListQueryContext, 'query' | 'columns'>,
  columns: AddressColumns,
) => searchOf(addressParams(spec, context, columns));

/**
 * One list screen's machine (core's listQuery wired to the API): components read its context
 * and tags and send its events (`filter.change`, `page.change`, `sort.change`, ...).
 *
 * With `address`, the list lives in the URL: it starts from the route's query, each change
 * rewrites that query in place (no history entry per keystroke), and an address that changes
 * under it (Back, Forward, a menu link to the bare list) moves the machine there.
 */
export const useList = (id: ListSpec['id'], input: ListQueryInput, options: ListOptions = {}) => {
  const { runtime } = useServices();
  const { idBordereau, address } = options;
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigationType();
  const logic = useMemo(
    () =>
      provideList(
        runtime,
        id,
        idBordereau === undefined ? { save: saveFile } : { save: saveFile, idBordereau },
      ),
    [runtime, id, idBordereau],
  );
  const actor = useActorRef(logic, {
    input:
      address === undefined
        ? input
        : { ...input, ...readAddress(input.spec, queryOf(location.search), address) },
  });
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const exporting = useSelector(actor, (s) => s.hasTag('exporting'));

  // The machine's state → the address (replacing the current history entry).
  const here = useRef(location);
  here.current = location;
  const written = address === undefined ? null : addressOf(input.spec, context, address);
  const place = input.spec.address;
  useEffect(() => {
    if (written === null) return;
    const { pathname, search, state } = here.current;
    const next = searchOf(withAddress(queryOf(search), queryOf(written), place));
    if (next !== new URLSearchParams(search).toString())
      navigate({ pathname, search: next === '' ? '' : `?${next}` }, { replace: true, state });
  }, [written, navigate, place]);

  // An address reached by Back, Forward or a link → the machine's state (its own rewrites skipped).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new address only
  useEffect(() => {
    if (address === undefined || navigation === 'REPLACE') return;
    const target = readAddress(input.spec, queryOf(location.search), address);
    const now = actor.getSnapshot().context;
    if (addressOf(input.spec, target, address) !== addressOf(input.spec, now, address))
      actor.send({ type: 'address.change', ...target });
  }, [location.key]);

  return { actor, send: actor.send, context, loading, failed, exporting };
};
