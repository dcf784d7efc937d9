import { Pagination } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The page links to show: at most `max`, rotating around the current page (docs/product.md §9). */
export const pageWindow = (page: number, pages: number, max = 5): number[] => {
  const count = Math.min(max, pages);
  const start = Math.min(Math.max(0, page - Math.floor(count / 2)), Math.max(0, pages - count));
  return Array.from({ length: count }, (_, i) => start + i);
};

/**
 * A boundary link: its sign is drawn, its name is read. React-Bootstrap's own First/Prev/Next/Last
 * read 'First', 'Previous'... in English whatever the language (a hidden text of theirs), even
 * with an aria-label, which a disabled one (a span) does not carry.
 */
const Boundary = ({
  sign,
  name,
  disabled,
  onClick,
}: {
  sign: string;
  name: string;
  disabled: boolean;
  onClick: () => void;
}) => (
  <Pagination.Item disabled={disabled} onClick={onClick}>
    <span aria-hidden="true">{sign}</span>
    <span className="visually-hidden">{name}</span>
  </Pagination.Item>
);

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
  const first = page === 0;
  const last = page >= pages - 1;
  return (
    <nav aria-label={label ?? t('web.pagination')}>
      <Pagination size="sm" className="mb-0">
        <Boundary sign="«" name={t('web.firstPage')} disabled={first} onClick={() => onChange(0)} />
        <Boundary sign="‹" name={t('web.prevPage')} disabled={first} onClick={() => onChange(page - 1)} />
        {pageWindow(page, pages).map((p) => (
          <Pagination.Item
            key={p}
            active={p === page}
            aria-current={p === page ? 'page' : undefined}
            activeLabel={` ${t('web.currentPage')}`}
            onClick={() => onChange(p)}
          >
            {p + 1}
          </Pagination.Item>
        ))}
        <Boundary sign="›" name={t('web.nextPage')} disabled={last} onClick={() => onChange(page + 1)} />
        <Boundary sign="»" name={t('web.lastPage')} disabled={last} onClick={() => onChange(pages - 1)} />
      </Pagination>
    </nav>
  );
};
