import { describe, expect, it } from 'vitest';
import { afterSalesTable, DEFAULT_AFTER_SALES } from '../../src/messages/after-sales.ts';
import { classifyFile, cleanFileName, detectKind } from '../../src/messages/file-types.ts';
import { htmlToText, sanitizeRichText } from '../../src/messages/sanitize.ts';
import { testConfig } from '../helpers.ts';
import { HOSTILE, SAMPLES } from './fixtures.ts';

describe('attachment type check', () => {
  it.each(Object.entries(SAMPLES))('accepts %s by its content', (name, content) => {
    expect(classifyFile(name, content)).toMatchObject({ ok: true });
  });

  it.each(HOSTILE)('refuses %s', (name, content) => {
    expect(classifyFile(name, content).ok).toBe(false);
  });

  it('tells the reason: extension, content or emptiness', () => {
    expect(classifyFile('a.exe', SAMPLES['attestation.pdf'])).toEqual({ ok: false, reason: 'extension' });
    expect(classifyFile('a.png', SAMPLES['attestation.pdf'])).toEqual({ ok: false, reason: 'content' });
    expect(classifyFile('a.pdf', Buffer.alloc(0))).toEqual({ ok: false, reason: 'empty' });
  });

  it('reads the extension without regard to case and gives the detected type', () => {
    expect(classifyFile('SCAN.PDF', SAMPLES['attestation.pdf'])).toEqual({
      ok: true,
      kind: 'pdf',
      mime: 'application/pdf',
    });
    expect(detectKind(SAMPLES['lettre.odt'])).toBe('odt');
    expect(detectKind(SAMPLES['tableau.xlsx'])).toBe('xlsx');
  });

  it('does not trust a truncated or forged ZIP directory', () => {
    const docx = SAMPLES['courrier.docx'];
    expect(detectKind(docx.subarray(0, docx.length - 30))).toBeNull();
    const forged = Buffer.from(docx);
    forged.writeUInt32LE(0xffffff, forged.length - 6); // directory offset past the end
    expect(detectKind(forged)).toBeNull();
  });

  it('keeps only the base name, without control characters, cut to the limit with its extension', () => {
    expect(cleanFileName('C:\\Users\\x\\..\\rib.pdf', 200)).toBe('rib.pdf');
    expect(cleanFileName('../../etc/passwd', 200)).toBe('passwd');
    expect(cleanFileName('a\r\nb\u0000.pdf', 200)).toBe('ab.pdf');
    const long = cleanFileName(`${'x'.repeat(300)}.pdf`, 200);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('rich-text body', () => {
  it('keeps formatting and drops scripts, handlers, styles and unsafe links', () => {
    const html = sanitizeRichText(
      '<p onclick="x()">Bonjour <strong>SAV</strong><script>alert(1)</script></p>' +
        '<img src=x onerror=alert(1)><a href="javascript:alert(1)">lien</a>' +
        '<a href="https://example.com" target="_blank" rel="opener">ok</a><style>p{}</style><iframe src="x"></iframe>',
    );
    expect(html).toBe(
      '<p>Bonjour <strong>SAV</strong></p><a rel="noopener noreferrer">lien</a>' +
        '<a href="https://example.com" rel="noopener noreferrer">ok</a>',
    );
  });

  it('gives a plain-text version with line breaks and decoded entities', () => {
    const text = htmlToText(
      sanitizeRichText('<p>Ligne 1 &amp; suite</p><p>L&lt;2&gt;<br>L3</p><ul><li>a</li><li>b</li></ul>'),
    );
    expect(text).toBe('Ligne 1 & suite\nL<2>\nL3\n- a\n- b');
    expect(htmlToText(sanitizeRichText('<p><br></p><script>x</script>'))).toBe('');
  });
});

describe('after-sales addresses', () => {
  it('has a demo address per brand and a fallback for callers without a brand', () => {
    const table = afterSalesTable({});
    expect(table.addressFor('UCR')).toBe('sav-ucr@demo.extranet.example');
    expect(table.addressFor(' vitalité santé ')).toBe('sav-vitalite-sante@demo.extranet.example');
    expect(table.addressFor(null)).toBe(DEFAULT_AFTER_SALES['*']);
    expect(table.addressFor('Unknown brand')).toBe(DEFAULT_AFTER_SALES['*']);
  });

  it('takes addresses brand by brand from AFTER_SALES_ADDRESSES', () => {
    const { afterSales } = testConfig({
      AFTER_SALES_ADDRESSES: 'UCR=sav@ucr.example; Vitalité Santé = vs@vs.example ;*=x@y.example',
    });
    const table = afterSalesTable(afterSales.addresses);
    expect(table.addressFor('UCR')).toBe('sav@ucr.example');
    expect(table.addressFor('Vitalité Santé')).toBe('vs@vs.example');
    expect(table.addressFor('2MA')).toBe('sav-2ma@demo.extranet.example');
    expect(table.addressFor(null)).toBe('x@y.example');
  });

  it.each(['UCR', 'UCR=', '=a@b.example', 'UCR=not-an-address', 'UCR=a@b.example, c@d.example'])(
    'stops the start on a malformed value: %s',
    (value) => {
      expect(() => testConfig({ AFTER_SALES_ADDRESSES: value })).toThrow(/AFTER_SALES_ADDRESSES/);
    },
  );
});
