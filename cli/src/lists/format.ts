import type { CliLanguage } from '../i18n/language.ts';

/**
 * Display formats of the terminal. Core has no formatting module yet; these follow the web's
 * rules (French: `1 234,56 €`, `31/12/2024`), and move to core when it has one.
 */
export const formatters = (language: CliLanguage) => {
  const locale = language === 'fr' ? 'fr-FR' : 'en-GB';
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  return {
    /** Amounts in euros; integer cents in, so totals stay exact. */
    cents: (cents: number | undefined | null) =>
      cents === undefined || cents === null ? '' : money.format(cents / 100),
    amount: (value: number | null | undefined) =>
      value === null || value === undefined ? '' : money.format(Math.round(value * 100) / 100),
    date: (iso: string | null | undefined) => {
      if (!iso) return '';
      const [y, m, d] = iso.slice(0, 10).split('-');
      return language === 'fr' ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
    },
    month: (iso: string | null | undefined) => (iso ? iso.slice(0, 7) : ''),
    yesNo: (value: boolean) =>
      value ? (language === 'fr' ? 'oui' : 'yes') : language === 'fr' ? 'non' : 'no',
    text: (value: unknown) => (value === null || value === undefined ? '' : String(value)),
  };
};
export type Formatters = ReturnType<typeof formatters>;
