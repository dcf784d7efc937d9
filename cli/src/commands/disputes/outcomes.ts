/** The words the back office types after `--outcome`, and the outcome the API records. */
export const OUTCOMES = { ask: 'INFO_REQUESTED', accept: 'ACCEPTED', reject: 'REJECTED' } as const;
