import { formatIn } from '@extranet/core/format/languageFormat.ts';
import type { CliLanguage } from '../i18n/language.ts';

/**
 * Display formats of the terminal: money and dates by core's rules for the language (French as
 * on the web: `1 234,56 €`, `31/12/2024`); months as `YYYY-MM`, the form `--month` takes.
 */
export const formatters = (language: CliLanguage) => {
  const { cents, amount, date } = formatIn(language);
  return {
    /** Amounts in euros; integer cents in, so totals stay exact. */
    cents: (value: number | undefined | null) => (value === undefined || value === null ? '' : cents(value)),
    amount,
    date,
    month: (iso: string | null | undefined) => (iso ? iso.slice(0, 7) : ''),
    yesNo: (value: boolean) =>
      value ? (language === 'fr' ? 'oui' : 'yes') : language === 'fr' ? 'non' : 'no',
    text: (value: unknown) => (value === null || value === undefined ? '' : String(value)),
  };
};
export type Formatters = ReturnType<typeof formatters>;
