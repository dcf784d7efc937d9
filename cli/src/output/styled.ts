/**
 * Bold and dim by their ANSI codes: a table on a terminal needs no more, and writing them here
 * keeps Ink (about 250 ms to load) out of every command that only prints.
 */
const BOLD = '\u001b[1m';
const DIM = '\u001b[2m';
const RESET_INTENSITY = '\u001b[22m';

export const bold = (text: string) => `${BOLD}${text}${RESET_INTENSITY}`;
export const dim = (text: string) => `${DIM}${text}${RESET_INTENSITY}`;
