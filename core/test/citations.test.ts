import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository explains itself: comments and docs cite only documents that are in it, and a
// cited section exists. The product and the decisions live in docs/product.md, docs/design.md
// and docs/api-conventions.md; nothing cites the design notes or issues they came from.
const repo = join(import.meta.dirname, '..', '..');
const PACKAGES = ['core', 'server', 'web', 'cli', 'fixtures', 'bench', 'scripts', 'docs'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-output', 'data']);
const CODE = /\.(ts|tsx|js|sql|css|html)$/;

/** Names of documents outside the repository (kept as data so this file does not cite them). */
const OUTSIDE = [
  /\b[Ss]pec §/,
  /\bARCHITECTURE(\.md)?\b/,
  /JHIPSTER-CONTRACT/,
  /shared\/(spec|design)\//,
  /extranet-spec\.md/,
];
/** Issues live in the tracker, not in the repository: neither code nor docs cite them. */
const ISSUE = /\b[Ii]ssue \d+/;
const DOC_PATH = /\bdocs\/[\w./-]+\.md/g;
const SECTION = /\bdocs\/(product|design|api-conventions)\.md §(\d+)/g;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(path);
    return CODE.test(entry.name) || entry.name.endsWith('.md') ? [path] : [];
  });

const sectionsOf = (doc: string): Set<string> =>
  new Set(
    [...readFileSync(join(repo, 'docs', `${doc}.md`), 'utf8').matchAll(/^## (\d+)\./gm)].map((m) => m[1]!),
  );

/** Every problem of one file's text: outside documents, issues in code, missing docs or sections. */
const citationProblems = (
  file: string,
  text: string,
  exists: (path: string) => boolean,
  sections: (doc: string) => Set<string>,
): string[] => {
  const problems: string[] = [];
  for (const pattern of OUTSIDE) if (pattern.test(text)) problems.push(`${file}: cites ${pattern.source}`);
  if (ISSUE.test(text)) problems.push(`${file}: cites an issue`);
  for (const [path] of text.matchAll(DOC_PATH))
    if (!exists(path)) problems.push(`${file}: ${path} is missing`);
  for (const [cited, doc, section] of text.matchAll(SECTION))
    if (exists(`docs/${doc}.md`) && !sections(doc!).has(section!))
      problems.push(`${file}: ${cited} is missing`);
  return problems;
};

describe('citations', () => {
  const self = relative(repo, import.meta.filename);
  const files = [
    'README.md',
    ...PACKAGES.flatMap((dir) => filesUnder(join(repo, dir)).map((file) => relative(repo, file))),
  ].filter((file) => file !== self);
  const exists = (path: string) => existsSync(join(repo, path));
  const cache = new Map<string, Set<string>>();
  const sections = (doc: string) => cache.get(doc) ?? cache.set(doc, sectionsOf(doc)).get(doc)!;

  it('reads the code and the docs', () => {
    expect(files).toContain('docs/product.md');
    expect(files).toContain('server/src/app.ts');
    expect(files.length).toBeGreaterThan(300);
  });

  it('cite only documents and sections the repository holds', () => {
    const problems = files.flatMap((file) =>
      citationProblems(file, readFileSync(join(repo, file), 'utf8'), exists, sections),
    );
    expect(problems).toEqual([]);
  });

  it('the check itself catches each kind of offender', () => {
    const none = () => new Set(['1']);
    const check = (file: string, text: string) =>
      citationProblems(file, text, (p) => p !== 'docs/x.md', none);
    expect(check('a.ts', '// as the sp' + 'ec §2 says')).toHaveLength(1);
    expect(check('a.ts', '// see ARCHI' + 'TECTURE §4')).toHaveLength(1);
    expect(check('a.ts', '// found in iss' + 'ue 14')).toHaveLength(1);
    expect(check('a.md', 'found in iss' + 'ue 14')).toHaveLength(1);
    expect(check('a.ts', '// see docs/x.md')).toEqual(['a.ts: docs/x.md is missing']);
    expect(check('a.ts', '// docs/design.md §7')).toEqual(['a.ts: docs/design.md §7 is missing']);
    expect(check('a.ts', '// docs/design.md §1')).toEqual([]);
  });
});
