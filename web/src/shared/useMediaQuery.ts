import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (a phone turned, a window resized). */
export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );

/** Below Bootstrap's `sm` breakpoint: a phone held upright. */
export const PHONE = '(max-width: 575.98px)';
