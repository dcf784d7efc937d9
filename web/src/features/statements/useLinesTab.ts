import { IdPolice, isShown, LIST_SPECS, parseKey, type Query, showList } from '@extranet/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';

const place = LIST_SPECS.mouvements.address;
const queryOf = (search: string): Query => [...new URLSearchParams(search).entries()];

/** The client tab's policy in the address (`fiche={idPolice}`, as on the portfolio lists). */
const FICHE = 'fiche';

/** The policy whose client tab the address shows, if any. */
export const ficheInAddress = (search: string): IdPolice | null =>
  parseKey(IdPolice, new URLSearchParams(search).get(FICHE));

/** Whether the route's query shows a statement's lines (`tab=lines`): the tab the detail opens on. */
export const linesInAddress = (search: string): boolean => isShown(queryOf(search), place);

/**
 * Keeps a statement's lines tab in the address (docs/insight.md "Saved lists"): opening the
 * lines (or a policy from them) marks the address, the summary unmarks it and drops the lines'
 * keys, each in place (no history entry); an address reached by Back, Forward or a link (a
 * figure of the changes, a saved list) shows its tab through `show`. The client tab adds its
 * policy (`fiche`), so a reload shows that client file, not the lines.
 */
export const useLinesTab = (linesShown: boolean, show: (lines: boolean) => void, fiche: IdPolice | null) => {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigationType();
  const here = useRef(location);
  here.current = location;

  // The tab → the address.
  useEffect(() => {
    const { pathname, search, state } = here.current;
    if (linesInAddress(search) === linesShown && ficheInAddress(search) === fiche) return;
    const next = new URLSearchParams(showList(queryOf(search), place, linesShown) as Array<[string, string]>);
    if (fiche === null) next.delete(FICHE);
    else next.set(FICHE, String(fiche));
    navigate({ pathname, search: next.size === 0 ? '' : `?${next}` }, { replace: true, state });
  }, [linesShown, fiche, navigate]);

  // An address reached by Back, Forward or a link → the tab (its own rewrites skipped).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new address only
  useEffect(() => {
    if (navigation === 'REPLACE') return;
    const wanted = linesInAddress(location.search);
    if (wanted !== linesShown) show(wanted);
  }, [location.key]);
};
