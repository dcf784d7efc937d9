import type { IconShape } from './icons.ts';

/**
 * An inline Bootstrap icon, sized and coloured like the text around it (1em, currentColor).
 * Decorative: hidden from screen readers, as the icon font's `<i aria-hidden>` was; the control
 * or the text beside it carries the name.
 */
export const Icon = ({ shape, className }: { shape: IconShape; className?: string }) => (
  <svg
    className={className === undefined ? 'bi' : `bi ${className}`}
    width="1em"
    height="1em"
    viewBox="0 0 16 16"
    fill="currentColor"
    aria-hidden="true"
    focusable="false"
  >
    {shape.map((path) =>
      typeof path === 'string' ? (
        <path key={path} d={path} />
      ) : (
        <path key={path.evenodd} fillRule="evenodd" d={path.evenodd} />
      ),
    )}
  </svg>
);
