/** `npm run docs:api`: writes docs/api.md from the OpenAPI document (also run directly with node). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../config.ts';
import { openApiDocument } from './document.ts';
import { renderMarkdown } from './markdown.ts';

export const API_DOC_FILE = join(REPO_ROOT, 'docs', 'api.md');

if (import.meta.main) {
  writeFileSync(API_DOC_FILE, renderMarkdown(openApiDocument()));
  console.log(`wrote ${API_DOC_FILE}`);
}
