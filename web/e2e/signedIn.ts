import { afterAll, beforeAll } from 'vitest';
import { watchConsole } from './lists.ts';
import { openSession, type Session, signInQuickly } from './page.ts';

/** A browser signed in for the enclosing describe block: set before its first test, closed after its last. */
export interface SignedIn {
  session: Session;
  /** The page's console errors since sign-in. */
  errors: ReturnType<typeof watchConsole>;
}

/** Opens a browser, watches its console and signs `login` in, for the enclosing describe block. */
export const signedIn = (login: string): SignedIn => {
  const signed = {} as SignedIn;
  beforeAll(async () => {
    signed.session = await openSession();
    signed.errors = watchConsole(signed.session.page);
    await signInQuickly(signed.session, login);
  });
  afterAll(async () => {
    await signed.session?.close();
  });
  return signed;
};
