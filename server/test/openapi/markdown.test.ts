/** docs/api.md is the rendering of the current document, and it names every endpoint and error. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/document.ts';
import { renderMarkdown } from '../../src/openapi/markdown.ts';
import { API_DOC_FILE } from '../../src/openapi/render-docs.ts';

describe('docs/api.md', () => {
  const doc = openApiDocument();
  const markdown = renderMarkdown(doc);

  it('is up to date (run `npm run docs:api` after changing server/src/openapi)', () => {
    expect(readFileSync(API_DOC_FILE, 'utf8')).toBe(markdown);
  });

  it("links only to anchors of its own headings (GitHub's: punctuation dropped, `_` kept)", () => {
    const anchors = new Set(
      [...markdown.matchAll(/^#+ (.+)$/gm)].map(([, heading]) =>
        heading!
          .toLowerCase()
          .replace(/[^a-z0-9 _-]/g, '')
          .trim()
          .replace(/ /g, '-'),
      ),
    );
    const broken = [...markdown.matchAll(/\]\(#([^)]+)\)/g)]
      .map(([, target]) => target)
      .filter((t) => !anchors.has(t!));
    expect(broken).toEqual([]);
    expect(markdown).toContain('(#get-apiportail_usersync)');
  });

  it('has a section per endpoint with its parameters and answers', () => {
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    )) {
      for (const [method, op] of Object.entries(item)) {
        const heading = `### ${method.toUpperCase()} \`${path}\``;
        const start = markdown.indexOf(`${heading}\n`);
        expect(start, heading).toBeGreaterThan(-1);
        const section = markdown.slice(start, markdown.indexOf('\n### ', start + 1));
        for (const param of (op.parameters as { name: string }[] | undefined) ?? []) {
          expect(section, `${heading} ${param.name}`).toContain(`| \`${param.name}\``);
        }
        for (const status of Object.keys(op.responses as object)) {
          expect(section, `${heading} ${status}`).toContain(`| ${status} |`);
        }
      }
    }
  });

  it('renders deterministically', () => {
    expect(renderMarkdown(openApiDocument())).toBe(markdown);
  });
});
