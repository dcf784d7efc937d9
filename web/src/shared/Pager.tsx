import { Pagination } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The page links to show: at most `max`, rotating around the current page (docs/product.md §9). */
export const pageWindow = (page: number, pages: number, max = 5): number[] => {
  const count = Math.min(max, pages);
  const start = Math.min(Math.max(0, page - Math.floor(count / 2)), Math.max(0, pages - count));
  return Array.from({ length: count }, (_, i) => start + i);
};

/** Pagination with boundary links, 0-based pages. */
export const Pager = ({
  page,
  total,
  size,
  onChange,
  label,
}: {
  page: number;
  total: number;
  size: number;
  onChange: (page: number) => void;
  label?: string;
}) => {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (total <= size) return null;
  return (
    <nav aria-label={label ?? t('web.pagination')}>
      <Pagination size="sm" className="mb-0">
        <Pagination.First disabled={page === 0} onClick={() => onChange(0)} aria-label={t('web.firstPage')} />
        <Pagination.Prev
          disabled={page === 0}
          onClick={() => onChange(page - 1)}
          aria-label={t('web.prevPage')}
        />
        {pageWindow(page, pages).map((p) => (
          <Pagination.Item key={p} active={p === page} onClick={() => onChange(p)}>
            {p + 1}
          </Pagination.Item>
        ))}
        <Pagination.Next
          disabled={page >= pages - 1}
          onClick={() => onChange(page + 1)}
          aria-label={t('web.nextPage')}
        />
        <Pagination.Last
          disabled={page >= pages - 1}
          onClick={() => onChange(pages - 1)}
          aria-label={t('web.lastPage')}
        />
      </Pagination>
    </nav>
  );
};
