import { formatField } from '@extranet/core';

/**
 * Fields that read as one word: a policy number ("2MA202100015/0" breaks after the slash), an
 * e-mail address, a phone or social-security number. They are never broken inside.
 */
const UNBROKEN: ReadonlySet<string> = new Set([
  'police',
  'email',
  'numeroUcr',
  'referenceCourtier',
  'numeroSecu',
  'tel1',
  'tel2',
]);

/** A text kept on one line (see `app/reader.css`). */
export const NoBreak = ({ children }: { children: string }) => <span className="nobreak">{children}</span>;

/** A field's value as the detail screens show it, unbroken where it reads as one word. */
export const FieldValue = ({ field, value }: { field: string; value: unknown }) => {
  const text = formatField(field, value);
  return UNBROKEN.has(field) ? <NoBreak>{text}</NoBreak> : text;
};
