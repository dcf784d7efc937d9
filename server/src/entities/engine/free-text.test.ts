/**
 * Exports defuse formulas only in free-text columns. Codes (enum fields, text
 * holding a closed list) skip the per-cell check, which is safe only while no code could be read
 * as a formula or need quoting.
 */
import { describe, expect, it } from 'vitest';
import { commissionResource } from '../commissions/resource.ts';
import { mouvementResource } from '../mouvements/resource.ts';
import { policeResource } from '../police/resource.ts';
import { policeAssureResource } from '../police-assures/resource.ts';
import { timelineResource } from '../timelines/resource.ts';
import { copyColumns } from './copy-export.ts';
import { csvLineColumn } from './csv.ts';
import { fieldMap, freeText } from './fields.ts';

const resources = [
  policeResource,
  policeAssureResource,
  commissionResource,
  mouvementResource,
  timelineResource,
];

describe('formula defusing in exports', () => {
  it('finds no code that a spreadsheet would run or that needs quoting', () => {
    const codes = resources.flatMap((r) =>
      r.fields.flatMap((f) => [...(f.codes ?? []), ...(f.values ?? [])]),
    );
    expect(codes.length).toBeGreaterThan(10);
    for (const code of codes) expect(code, code).not.toMatch(/^[=+\-@\t\r]|[;"\r\n]/);
  });

  it('checks free-text cells only, on both export paths', () => {
    const fields = fieldMap(policeResource);
    const statut = fields.get('statut')!;
    const nom = fields.get('nomprenom')!;
    expect(freeText(statut)).toBe(false);
    expect(freeText(nom)).toBe(true);
    // COPY (PostgreSQL) and SQL-built lines (PGlite).
    expect(copyColumns([statut])).not.toContain('ascii(');
    expect(copyColumns([nom])).toContain('ascii(');
    expect(csvLineColumn([statut])).not.toContain('~');
    expect(csvLineColumn([nom])).toContain("'^[=+@");
  });
});
