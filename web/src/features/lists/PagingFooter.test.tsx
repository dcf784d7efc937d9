import { LIST_SPECS, type ListQueryContext, type ListQueryEvent } from '@extranet/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n.ts';
import { PagingFooter } from './PagingFooter.tsx';

const spec = LIST_SPECS.commission;

const renderFooter = (page: number, total: number | null) => {
  const sent: ListQueryEvent[] = [];
  const context: ListQueryContext = {
    spec,
    query: { filters: {}, q: '', preset: null, sort: spec.defaultSort, page, size: spec.pageSize },
    columns: spec.defaultColumns,
    page: total === null ? null : { items: [], total, links: {} },
    error: null,
    exportError: null,
    exported: null,
  };
  render(
    <I18nextProvider i18n={createI18n('fr')}>
      <PagingFooter list={{ context, send: (event) => sent.push(event) }} summaryTestId="summary">
        {`${total ?? 0} lignes`}
      </PagingFooter>
    </I18nextProvider>,
  );
  return sent;
};

describe('list paging footer', () => {
  it('shows the summary and sends the page and the size the user picks', () => {
    const sent = renderFooter(1, 40);
    expect(screen.getByTestId('summary').textContent).toBe('40 lignes');
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    fireEvent.click(within(pages).getByText('4'));
    fireEvent.change(screen.getByLabelText('Lignes par page'), { target: { value: '24' } });
    expect(sent).toEqual([
      { type: 'page.change', page: 3 },
      { type: 'size.change', size: 24 },
    ]);
  });

  it('offers no page links when every row fits on one page', () => {
    renderFooter(0, spec.pageSize);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('says no count before the first page has come', () => {
    renderFooter(0, null);
    expect(screen.queryByTestId('summary')).toBeNull();
    expect(screen.queryByText('0 lignes')).toBeNull();
  });
});
