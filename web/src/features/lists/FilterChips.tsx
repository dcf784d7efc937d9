import { type Descriptor, type FilterChip, type Filters, filterChips, labelKeyOf } from '@extranet/core';
import { useTranslation } from 'react-i18next';
import { formatField } from '../../shared/format.ts';
import type { FilterHost } from './filters.tsx';

/**
 * Every active filter as a chip with its remove button, above the rows: a filter set by a
 * dashboard link (`idPolice.in=…`, counted: ids mean nothing to a person) or a saved list is
 * seen even when no widget shows it.
 */
export const FilterChips = ({ descriptor, host }: { descriptor: Descriptor; host: FilterHost }) => {
  const { t, i18n } = useTranslation();
  const chips = filterChips(host.filters as Filters, descriptor);
  // A selection of internal ids is named by what it selects ('Polices : 12 sélectionnées').
  const selection = (field: string) =>
    `web.chips.selection.${i18n.exists(`web.chips.selection.${field}.label`) ? field : 'any'}`;
  if (chips.length === 0) return null;
  const shown = (chip: FilterChip): string => {
    const value = (v: string) => formatField(chip.field, v);
    switch (chip.kind) {
      case 'values':
        return (
          chip.values.map(value).join(', ') +
          (chip.more > 0 ? ` ${t('web.chips.more', { count: chip.more })}` : '')
        );
      case 'selection':
        return t(`${selection(chip.field)}.count`, { count: chip.count });
      case 'text':
        return t(`web.chips.${chip.op}`, { value: chip.value });
      case 'range':
        if (chip.gte !== null && chip.lte !== null) return `${value(chip.gte)} – ${value(chip.lte)}`;
        return chip.gte !== null ? `≥ ${value(chip.gte)}` : `≤ ${value(chip.lte ?? '')}`;
    }
  };
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={t('web.chips.label')}>
      {chips.map((chip) => {
        const label =
          chip.kind === 'selection' && selection(chip.field) !== 'web.chips.selection.any'
            ? t(`${selection(chip.field)}.label`)
            : t(labelKeyOf(descriptor, chip.field));
        return (
          <li
            key={chip.field}
            className="badge rounded-pill text-bg-light border d-flex align-items-center gap-1 fw-normal fs-6 text-wrap text-start"
          >
            <span>
              <span className="fw-semibold">{label}</span>
              {t('web.chips.colon')}
              {shown(chip)}
            </span>
            <button
              type="button"
              className="btn-close btn-close-sm ms-1"
              style={{ fontSize: '0.6rem' }}
              aria-label={t('web.chips.remove', { filter: label })}
              onClick={() => host.send({ type: 'filter.change', field: chip.field, value: null })}
            />
          </li>
        );
      })}
    </ul>
  );
};
