import { describe, expect, it } from 'vitest';
import { crlfConverter, settingsSql } from './copy-export.ts';

const convert = (chunks: string[]) => {
  const step = crlfConverter();
  return chunks.map((chunk) => step(Buffer.from(chunk)).toString()).join('');
};

describe('crlfConverter', () => {
  it('ends rows with CRLF and keeps line feeds inside quoted cells', () => {
    expect(convert(['a;b\n"x\ny";z\n'])).toBe('a;b\r\n"x\ny";z\r\n');
  });

  it('follows the quoting across chunk boundaries, doubled quotes included', () => {
    const whole = '1;"say ""hi""\nthere"\n2;"a;b"\n3;plain\n';
    const expected = '1;"say ""hi""\nthere"\r\n2;"a;b"\r\n3;plain\r\n';
    for (let cut = 0; cut <= whole.length; cut++) {
      expect(convert([whole.slice(0, cut), whole.slice(cut)])).toBe(expected);
    }
  });
});

describe('settingsSql', () => {
  it('reads every bind parameter back from its transaction setting', () => {
    expect(settingsSql('select a from t where b = $1 and c >= $12::date')).toBe(
      "select a from t where b = current_setting('extranet_export.p1') and c >= current_setting('extranet_export.p12')::date",
    );
  });
});
