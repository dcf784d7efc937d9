// Type-checks every package with its own tsconfig (TypeScript 7 has no JS API, so we run tsc per package).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const packages = ['core', 'server', 'web', 'cli', 'fixtures', 'bench'];
let failed = false;
for (const pkg of packages) {
  // A package with no sources yet has nothing to check (tsc would call that an error).
  if (!existsSync(`${pkg}/src`) || readdirSync(`${pkg}/src`).length === 0) continue;
  const result = spawnSync('tsc', ['-p', `${pkg}/tsconfig.json`], { stdio: 'inherit', shell: false });
  if (result.status !== 0) {
    console.error(`typecheck failed in ${pkg}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
