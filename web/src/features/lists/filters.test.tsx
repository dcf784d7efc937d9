import type { FilterValue, ListQueryEvent } from '@extranet/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n.ts';
import { MultiFilter } from './filters.tsx';

const renderFilter = (filters: Record<string, FilterValue> = {}) => {
  const sent: ListQueryEvent[] = [];
  render(
    <I18nextProvider i18n={createI18n('fr')}>
      <MultiFilter
        host={{ filters, send: (event) => sent.push(event) }}
        field="codeApporteur"
        labelKey="fields.apporteur"
        options={[
          { value: 'A0101', label: 'Lefèvre Conseil' },
          { value: 'A0102', label: null },
        ]}
      />
    </I18nextProvider>,
  );
  return sent;
};

describe('multi-select filter', () => {
  it("is labelled, reads 'Tous' when empty, and picks a code from the keyboard as an `in` filter", () => {
    const sent = renderFilter();
    const input = screen.getByLabelText('Apporteur');
    expect(screen.getByText('Tous')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(screen.getByText('A0101 - Lefèvre Conseil')).toBeTruthy();
    expect(screen.getByText('A0102')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(sent).toEqual([
      { type: 'filter.change', field: 'codeApporteur', value: { op: 'in', values: ['A0101'] } },
    ]);
  });

  it('keeps showing a selected value the choices do not hold, and clearing it sends no filter', () => {
    const sent = renderFilter({ codeApporteur: { op: 'in', values: ['A0999'] } });
    expect(screen.queryByText('Tous')).toBeNull();
    expect(screen.getByText('A0999')).toBeTruthy();
    fireEvent.keyDown(screen.getByLabelText('Apporteur'), { key: 'Backspace', code: 'Backspace' });
    expect(sent).toEqual([{ type: 'filter.change', field: 'codeApporteur', value: null }]);
  });
});
