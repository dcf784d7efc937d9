import type { PersonalToken } from '../domain/personalToken.ts';
import type { Language } from '../i18n/languages.ts';
import { formatInstantIn } from './sessions.ts';

/** A personal access token as the settings card and `extranet tokens list` show it. */
export interface TokenLine {
  readonly id: number;
  readonly name: string;
  /** `settings.tokens.scopes.<scope>` names it. */
  readonly scope: PersonalToken['scope'];
  /** `ext_pat_abcd…`: enough to recognise it, never the secret. */
  readonly prefix: string;
  readonly created: string;
  readonly expires: string;
  /** Empty when never used. */
  readonly lastUsed: string;
  readonly expired: boolean;
}

/** The tokens to show, newest first, dates in the language's conventions. */
export const tokenLines = (tokens: readonly PersonalToken[], language: Language, now: number): TokenLine[] =>
  [...tokens]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
    .map((t) => ({
      id: t.id,
      name: t.name,
      scope: t.scope,
      prefix: `${t.prefix}…`,
      created: formatInstantIn(language, t.createdAt),
      expires: formatInstantIn(language, t.expiresAt),
      lastUsed: t.lastUsedAt === null ? '' : formatInstantIn(language, t.lastUsedAt),
      expired: Date.parse(t.expiresAt) <= now,
    }));
