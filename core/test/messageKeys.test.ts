/**
 * Every message key that reaches a user has a text in both languages: the keys core's machines and
 * rules emit (`message('…')`), the success alerts of core's contract, and what the server sends
 * (a problem's `'error.…'` key, an alert header). They are read from the sources and the contract,
 * not listed, so a new one cannot be left out; a key put together at run time is listed with its
 * template, and a new template fails until it is.
 */
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT, endpointsOf } from '../src/contract/contract.ts';
import { SSO_REFUSALS } from '../src/domain/sso.ts';
import { languages } from '../src/i18n/languages.ts';
import { resources } from '../src/i18n/resources.ts';

const repo = join(import.meta.dirname, '..', '..');
const sourceText = (pkg: string) =>
  globSync('**/*.ts', { cwd: join(repo, pkg, 'src'), exclude: (name) => name.endsWith('.test.ts') })
    .map((file) => readFileSync(join(repo, pkg, 'src', file), 'utf8'))
    .join('\n');
const captured = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!);
/** `a.${b}.c` written `a.{b}.c`, as the table below names a template. */
const templateName = (template: string) => template.replace(/\$\{([^}]+)\}/g, '{$1}');

const PASSWORD_ROLES = ['newpassword', 'confirmpassword', 'passwordconfirmation'];
const NAMES = ['firstname', 'lastname'];

/** The keys core puts together at run time, by template: what each one can give. */
const COMPOSED: Record<string, readonly string[]> = {
  'global.messages.validate.{role}.{rule}': PASSWORD_ROLES.flatMap((role) =>
    ['required', 'minlength', 'maxlength', 'complexity'].map(
      (rule) => `global.messages.validate.${role}.${rule}`,
    ),
  ),
  'settings.messages.validate.{field}.required': NAMES.map(
    (field) => `settings.messages.validate.${field}.required`,
  ),
  'settings.messages.validate.{field}.maxlength': NAMES.map(
    (field) => `settings.messages.validate.${field}.maxlength`,
  ),
  'message.refused.{reason}': ['type', 'size', 'empty'].map((reason) => `message.refused.${reason}`),
  'login.sso.error.{event.reason}': SSO_REFUSALS.map((reason) => `login.sso.error.${reason}`),
};

const core = sourceText('core');
const server = sourceText('server');
const templates = new Set(captured(core, /\bmessage\(\s*`([^`]+)`/g).map(templateName));
const emitted = new Set([
  ...captured(core, /\bmessage\(\s*'([^']+)'/g),
  ...Object.values(COMPOSED).flat(),
  ...endpointsOf(CONTRACT).flatMap((endpoint) => endpoint.success.alert ?? []),
  ...captured(server, /'(error\.[\w.-]+)'/g),
  ...captured(server, /\balertHeaders\(\s*'([^']+)'/g),
  // The reset machine's `keyMissing` tag, which both UIs show as this message.
  'reset.finish.messages.keymissing',
]);

const lookup = (tree: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const untranslated = (keys: Iterable<string>, tree: Record<string, unknown>) =>
  [...keys].filter((key) => typeof lookup(tree, key) !== 'string');

describe('message keys', () => {
  it('reads the keys core, its contract and the server emit, and every template core composes one with', () => {
    expect([...emitted]).toEqual(
      expect.arrayContaining([
        'global.messages.validate.login.pattern',
        'error.url.not.found',
        'userManagement.created',
        'extranetApp.police.created',
        'error.http.429',
        'extranetApp.dispute.created',
      ]),
    );
    expect(emitted.size).toBeGreaterThan(80);
    expect([...templates].sort()).toEqual(Object.keys(COMPOSED).sort());
    expect(untranslated(['error.http.404', 'no.such.key'], resources.en.translation)).toEqual([
      'no.such.key',
    ]);
  });

  it.each(languages)('translates every one of them in %s', (language) => {
    expect(untranslated(emitted, resources[language].translation)).toEqual([]);
  });
});
