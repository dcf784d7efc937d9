import { formatIn } from '@extranet/core/format/languageFormat.ts';
import type { CliLanguage } from '../i18n/language.ts';

/**
 * Display formats of the terminal, what core's `formatField` reads: money, rates, dates and
 * instants by core's rules for the language (French as on the web: `1 234,56 €`, `12,5 %`,
 * `31/12/2024`, `24/11/2026 09:05`); months as `YYYY-MM`, the form `--month` takes.
 */
export const formatters = (language: CliLanguage) => {
  const format = formatIn(language);
  return {
    ...format,
    /** Amounts in euros; integer cents in, so totals stay exact. */
    cents: (value: number | undefined | null) =>
      value === undefined || value === null ? '' : format.cents(value),
    month: (iso: string | null | undefined) => (iso ? iso.slice(0, 7) : ''),
    yesNo: (value: boolean) =>
      value ? (language === 'fr' ? 'oui' : 'yes') : language === 'fr' ? 'non' : 'no',
    text: (value: unknown) => (value === null || value === undefined ? '' : String(value)),
  };
};
export type Formatters = ReturnType<typeof formatters>;
