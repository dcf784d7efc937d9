/** Chromium and the built web app, as the browser benches (web, firstrow) use them. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES, type RouteKey } from '../../../core/src/permissions/permissions.ts';
import { CHROMIUM } from '../../../web/e2e/chromium.ts';
import { ROOT } from './env.ts';

/** Debian's Chromium and its flags, as the web's browser tests launch it. */
export { CHROMIUM, CHROMIUM_ARGS } from '../../../web/e2e/chromium.ts';

export const WEB_DIST = join(ROOT, 'web/dist');

/** A screen of core's route table as the browser opens it (the web app routes by the hash). */
export const screenPath = (route: RouteKey): string => `/#${ROUTES[route].path}`;

/** Builds the web app when it was not, and refuses to run without Chromium. */
export const ensureWebAndChromium = (): void => {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    console.log('Building the web app (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
};
