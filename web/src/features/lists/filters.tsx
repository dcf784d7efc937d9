import {
  AGE_BOUNDS,
  ageInput,
  type FilterChoice,
  type FilterValue,
  filterOf,
  type ListQueryEvent,
  PICKER_YEARS,
  toIsoDate,
} from '@extranet/core';
import { fr } from 'date-fns/locale/fr';
import { type ReactNode, useEffect, useId, useState } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MultiSelect } from '../../shared/MultiSelect.tsx';
import { useMessage } from '../../shared/useMessage.ts';
import { type ChoiceList, useFilterChoices } from './useFilterChoices.ts';

registerLocale('fr', fr);

/** What a filter widget needs from its list: the current filters and a way to change one. */
export interface FilterHost {
  readonly filters: Readonly<Record<string, FilterValue>>;
  readonly send: (event: ListQueryEvent) => void;
}

const change = (host: FilterHost, field: string, value: FilterValue | null) =>
  host.send({ type: 'filter.change', field, value });

export const FilterCol = ({ children }: { children: ReactNode }) => (
  <div className="col-sm-6 col-lg-4 col-xl-3">{children}</div>
);

const optionOf = (choice: string | FilterChoice) =>
  typeof choice === 'string'
    ? { value: choice, label: choice }
    : { value: choice.value, label: choice.label ? `${choice.value} - ${choice.label}` : choice.value };

/**
 * A multi-select matching with `in`; empty reads 'Tous' (docs/product.md §2). Selected values stay listed
 * even when the choices do not hold them (yet), so a selection never silently disappears.
 */
export const MultiFilter = ({
  host,
  field,
  options,
  labelKey = `fields.${field}`,
}: {
  host: FilterHost;
  field: string;
  options: readonly (string | FilterChoice)[];
  /** The label's key when it is not the field's own (the Apporteur filter selects codes). */
  labelKey?: string;
}) => {
  const { t } = useTranslation();
  const current = host.filters[field];
  const selected = current?.op === 'in' ? current.values : [];
  const known = options.map(optionOf);
  const missing = selected.filter((value) => !known.some((option) => option.value === value));
  return (
    <MultiSelect
      label={t(labelKey)}
      placeholder={t('lists.all')}
      options={[...known, ...missing.map(optionOf)]}
      value={selected}
      onChange={(values) => change(host, field, filterOf.multiSelect(values))}
    />
  );
};

/** A multi-select whose choices are the caller's own values of the field, asked of the server once `enabled`. */
export const ChoiceFilter = ({
  host,
  kind,
  field,
  enabled,
  labelKey,
}: {
  host: FilterHost;
  kind: ChoiceList;
  field: string;
  enabled: boolean;
  labelKey?: string;
}) => (
  <MultiFilter
    host={host}
    field={field}
    options={useFilterChoices(kind, field, enabled) ?? []}
    {...(labelKey ? { labelKey } : {})}
  />
);

/** A text filter (`startsWith` by default); the machine debounces typing by 50 ms. */
export const TextFilter = ({
  host,
  field,
  op = 'startsWith',
  maxLength,
  label,
}: {
  host: FilterHost;
  field: string;
  op?: 'startsWith' | 'contains' | 'equals';
  maxLength?: number | undefined;
  label?: string;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const current = host.filters[field];
  const value = current !== undefined && 'value' in current ? current.value : '';
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{label ?? t(`fields.${field}`)}</Form.Label>
      <Form.Control
        size="sm"
        value={value}
        maxLength={maxLength}
        onChange={(e) => change(host, field, e.target.value === '' ? null : { op, value: e.target.value })}
      />
    </Form.Group>
  );
};

const isoOf = (date: Date | null) => (date === null ? undefined : toIsoDate(date));
const dateOf = (iso: string | undefined) =>
  iso === undefined || iso === '' ? null : new Date(`${iso}T00:00:00`);

/**
 * A date range (from `gte`, to `lte`): French calendar starting Monday, dd/MM/yy, years 2008 to
 * 2050, read-only inputs with a clear button and month and year navigators (docs/product.md §2).
 */
export const DateRangeFilter = ({
  host,
  field,
  label,
}: {
  host: FilterHost;
  field: string;
  label?: string;
}) => {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = host.filters[field];
  const range = current?.op === 'range' ? current : { op: 'range' as const };
  const set = (bound: 'gte' | 'lte', date: Date | null) => {
    const next = { ...range, [bound]: isoOf(date) };
    change(host, field, filterOf.dateRange(next.gte, next.lte));
  };
  const picker = (bound: 'gte' | 'lte', placeholder: string) => (
    <DatePicker
      id={`${id}-${bound}`}
      selected={dateOf(range[bound])}
      onChange={(date: Date | null) => set(bound, date)}
      locale={i18n.language === 'fr' ? 'fr' : undefined}
      calendarStartDay={1}
      dateFormat="dd/MM/yy"
      minDate={new Date(PICKER_YEARS.min, 0, 1)}
      maxDate={new Date(PICKER_YEARS.max, 11, 31)}
      showMonthDropdown
      showYearDropdown
      dropdownMode="select"
      onKeyDown={(e) => {
        if (e.key.length === 1) e.preventDefault();
      }}
      isClearable
      clearButtonTitle={t('lists.clearDate')}
      placeholderText={placeholder}
      className="form-control form-control-sm"
      ariaLabelledBy={`${id}-label`}
      title={`${label ?? t(`fields.${field}`)} — ${placeholder}`}
    />
  );
  return (
    <fieldset>
      <legend id={`${id}-label`} className="small mb-1 fs-6">
        {label ?? t(`fields.${field}`)}
      </legend>
      <div className="d-flex gap-1">
        {picker('gte', t('lists.from'))}
        {picker('lte', t('lists.to'))}
      </div>
    </fieldset>
  );
};

/**
 * Age spinners 0 to 150, both bounds inclusive (docs/design.md §6): core's `ageInput` refuses a
 * bound outside them or a minimum above the maximum, and a refused pair leaves the list as it was.
 */
export const AgeFilter = ({
  host,
  field,
  labelKey = `fields.${field}`,
}: {
  host: FilterHost;
  field: string;
  labelKey?: string;
}) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const id = useId();
  const current = host.filters[field];
  const range = current?.op === 'range' ? current : { op: 'range' as const };
  const [typed, setTyped] = useState<{ gte: string; lte: string } | null>(null);
  const shown = typed ?? { gte: range.gte ?? '', lte: range.lte ?? '' };
  const checked = ageInput(shown.gte, shown.lte);
  const error = 'error' in checked ? checked.error : null;
  const set = (bound: 'gte' | 'lte', value: string) => {
    const next = { ...shown, [bound]: value };
    const result = ageInput(next.gte, next.lte);
    // Only a refused pair is held here; an accepted one lives in the list's filters.
    setTyped('filter' in result ? null : next);
    if ('filter' in result) change(host, field, result.filter);
  };
  // The filters changed elsewhere ('Effacer filtres'): what was typed is gone.
  const filterKey = JSON.stringify(current ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter's value is the trigger
  useEffect(() => setTyped(null), [filterKey]);
  return (
    <fieldset>
      <legend className="small mb-1 fs-6">{t(labelKey)}</legend>
      <div className="d-flex gap-1">
        {(['gte', 'lte'] as const).map((bound) => (
          <Form.Control
            key={bound}
            size="sm"
            type="number"
            min={AGE_BOUNDS.min}
            max={AGE_BOUNDS.max}
            aria-label={t(bound === 'gte' ? 'lists.ageMin' : 'lists.ageMax')}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? `${id}-error` : undefined}
            isInvalid={error !== null}
            value={shown[bound]}
            onChange={(e) => set(bound, e.target.value)}
          />
        ))}
      </div>
      {error !== null && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {translate(error)}
        </div>
      )}
    </fieldset>
  );
};

/** One value among a few (`equals`), 'Tous' for none: 'Né en', the birth month 1 to 12. */
export const SelectFilter = ({
  host,
  field,
  options,
  labelKey = `fields.${field}`,
}: {
  host: FilterHost;
  field: string;
  options: readonly string[];
  labelKey?: string;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const current = host.filters[field];
  const value = current !== undefined && 'value' in current ? current.value : '';
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{t(labelKey)}</Form.Label>
      <Form.Select
        size="sm"
        value={value}
        onChange={(e) =>
          change(host, field, filterOf.birthMonth(e.target.value === '' ? null : Number(e.target.value)))
        }
      >
        <option value="">{t('lists.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
};
