/**
 * Display rules of spec §3 (EUR in French format, dd/MM/yyyy, MM/yyyy, percentages).
 * Kept beside the screens until core exports its formatting; pure functions, tested.
 */
const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 2 });

const pad = (n: number) => String(n).padStart(2, '0');

/** `1234.5` → `1 234,50 €` (the narrow no-break spaces of fr-FR). */
export const formatAmount = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : euro.format(value);

/** A fraction as a percentage with 0 to 2 decimals: `0.125` → `12,5 %`. */
export const formatRate = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : percent.format(value);

/** `2024-03-05` (or an ISO date-time) → `05/03/2024`. */
export const formatDate = (value: string | null | undefined): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match === null ? (value ?? '') : `${match[3]}/${match[2]}/${match[1]}`;
};

/** An ISO date-time → `dd/MM/yyyy HH:mm` in the browser's time zone. */
export const formatDateTime = (value: string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** `2024-03-01` → `03/2024`. */
export const formatMonth = (value: string | null | undefined): string => {
  const match = /^(\d{4})-(\d{2})/.exec(value ?? '');
  return match === null ? (value ?? '') : `${match[2]}/${match[1]}`;
};

/**
 * The display of a field by its name (spec §3): amounts for fields containing montant or
 * cotisation (not Texte), dates for fields containing date or periode, rates for taux.
 */
export const formatField = (field: string, value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (field.endsWith('Texte')) return String(value);
  const lower = field.toLowerCase();
  if (
    typeof value === 'number' &&
    (lower.includes('montant') ||
      lower.includes('cotisation') ||
      lower === 'droitsmensuels' ||
      lower === 'soldeprecedent')
  ) {
    return formatAmount(value);
  }
  if (typeof value === 'number' && lower.startsWith('taux')) return formatRate(value);
  if (typeof value === 'string' && lower === 'mois') return formatMonth(value);
  if (typeof value === 'string' && (lower.includes('date') || lower.includes('periode')))
    return formatDate(value);
  return String(value);
};
