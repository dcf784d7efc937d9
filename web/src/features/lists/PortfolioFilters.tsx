import { DESCRIPTORS, LIST_SPECS } from '@extranet/core';
import { useAccount } from '../../app/ServicesContext.tsx';
import { filterWidgets } from './described.ts';
import { FilterPanel } from './FilterPanel.tsx';
import { ChoiceFilter, type FilterHost } from './filters.tsx';

/**
 * The panel of 'Plus de filtres...' of a portfolio list, from the list's descriptor. A chunk of
 * its own (the date picker and the multi-select with it): the list's first rows do not wait for
 * it; it loads when the panel is first opened, and its server-fed choices with it.
 */
const PortfolioFilters = ({ host, kind }: { host: FilterHost; kind: 'police' | 'assures' }) => {
  const account = useAccount();
  const widgets = filterWidgets(DESCRIPTORS[kind], LIST_SPECS[kind].filterFields, account);
  return (
    <FilterPanel
      widgets={widgets}
      host={host}
      choices={(w) => <ChoiceFilter host={host} kind={kind} field={w.field} labelKey={w.labelKey} enabled />}
    />
  );
};

export default PortfolioFilters;
