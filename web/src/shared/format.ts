/** Display rules of docs/product.md §3 live in core; the screens import them from here under short names. */
export {
  formatDate,
  formatDateTime,
  formatEur as formatAmount,
  formatField,
  formatInstantDate,
} from '@extranet/core';
