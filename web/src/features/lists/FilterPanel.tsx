import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterWidget } from './described.ts';
import {
  AgeFilter,
  DateRangeFilter,
  FilterCol,
  type FilterHost,
  MultiFilter,
  SelectFilter,
  TextFilter,
} from './filters.tsx';

/**
 * A list's filter panel, one widget per described filter (see described.ts). `choices` renders a
 * choice filter whose values are not codes: the portfolio lists ask the server, a statement's
 * lines read its rows.
 */
export const FilterPanel = ({
  widgets,
  host,
  choices,
}: {
  widgets: readonly FilterWidget[];
  host: FilterHost;
  choices: (widget: FilterWidget) => ReactNode;
}) => {
  const { t } = useTranslation();
  const widget = (w: FilterWidget): ReactNode => {
    switch (w.kind) {
      case 'text':
        return <TextFilter host={host} field={w.field} maxLength={w.maxLength} label={t(w.labelKey)} />;
      case 'choice':
        return w.options === undefined ? (
          choices(w)
        ) : (
          <MultiFilter host={host} field={w.field} options={w.options} labelKey={w.labelKey} />
        );
      case 'select':
        return <SelectFilter host={host} field={w.field} options={w.options} labelKey={w.labelKey} />;
      case 'age':
        return <AgeFilter host={host} field={w.field} labelKey={w.labelKey} />;
      case 'dates':
        return <DateRangeFilter host={host} field={w.field} label={t(w.labelKey)} />;
    }
  };
  return (
    <div className="row g-2">
      {widgets.map((w) => (
        <FilterCol key={w.field}>{widget(w)}</FilterCol>
      ))}
    </div>
  );
};
