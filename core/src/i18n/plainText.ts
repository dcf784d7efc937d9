/**
 * A translated text as plain text, for a terminal or a mail's text part: the markup some
 * messages carry for the web (`<strong>Password changed!</strong>`) removed, its entities read.
 *
 * @example plainText('<strong>Password changed!</strong>') // 'Password changed!'
 */
export const plainText = (text: string): string =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
