import { useId } from 'react';
import Select from 'react-select';

export interface Option {
  readonly value: string;
  readonly label: string;
}

/** A labelled multi-select; empty shows `placeholder` ('Tous' in filters, docs/product.md §2). */
export const MultiSelect = ({
  label,
  options,
  value,
  onChange,
  placeholder,
  id,
}: {
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (values: string[]) => void;
  placeholder: string;
  id?: string;
}) => {
  const generated = useId();
  const inputId = id ?? `ms-${generated}`;
  return (
    <div>
      <label htmlFor={inputId} className="form-label small mb-1">
        {label}
      </label>
      <Select
        inputId={inputId}
        isMulti
        options={options}
        value={options.filter((option) => value.includes(option.value))}
        onChange={(selected) => onChange(selected.map((option) => option.value))}
        placeholder={placeholder}
        noOptionsMessage={() => '—'}
        classNamePrefix="ms"
        styles={{ menu: (base) => ({ ...base, zIndex: 1050 }) }}
      />
    </div>
  );
};
