import { isApiError } from './errors.ts';

/**
 * The anonymise request's refusal while retention runs (409, nothing changed): until when the
 * data is kept, null while the contract runs. Any other failure is not this answer (undefined).
 */
export const retentionRunning = (error: unknown): { readonly retainedUntil: string | null } | undefined => {
  if (!isApiError(error) || error._tag !== 'HttpError' || error.status !== 409) return undefined;
  const params = error.problem?.params as { retainedUntil?: string | null } | undefined;
  return { retainedUntil: params?.retainedUntil ?? null };
};
