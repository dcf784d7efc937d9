import { isShown, LIST_SPECS, type Query, showList } from '@extranet/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';

const place = LIST_SPECS.mouvements.address;
const queryOf = (search: string): Query => [...new URLSearchParams(search).entries()];

/** Whether the route's query shows a statement's lines (`tab=lines`): the tab the detail opens on. */
export const linesInAddress = (search: string): boolean => isShown(queryOf(search), place);

/**
 * Keeps a statement's lines tab in the address (docs/insight.md "Saved lists"): opening the
 * lines (or a policy from them) marks the address, the summary unmarks it and drops the lines'
 * keys, each in place (no history entry); an address reached by Back, Forward or a link (a
 * figure of the changes, a saved list) shows its tab through `show`.
 */
export const useLinesTab = (linesShown: boolean, show: (lines: boolean) => void) => {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigationType();
  const here = useRef(location);
  here.current = location;

  // The tab → the address.
  useEffect(() => {
    const { pathname, search, state } = here.current;
    if (linesInAddress(search) === linesShown) return;
    const next = new URLSearchParams(showList(queryOf(search), place, linesShown) as Array<[string, string]>);
    navigate({ pathname, search: next.size === 0 ? '' : `?${next}` }, { replace: true, state });
  }, [linesShown, navigate]);

  // An address reached by Back, Forward or a link → the tab (its own rewrites skipped).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new address only
  useEffect(() => {
    if (navigation === 'REPLACE') return;
    const wanted = linesInAddress(location.search);
    if (wanted !== linesShown) show(wanted);
  }, [location.key]);
};
