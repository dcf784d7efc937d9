/**
 * Exports defuse formulas only in free-text columns. Codes (enum fields, text holding a closed
 * list) and shaped text (identifiers, postal codes, e-mail addresses) skip the per-cell check,
 * which is safe only while no code or shaped value could be read as a formula or need quoting.
 */
import { SHAPES } from '@extranet/core/descriptors/field.ts';
import { generateDemoSet, scaleBrokers } from '@extranet/fixtures';
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

  it('lets no shaped value start with a formula character or need quoting', () => {
    for (const [name, shape] of Object.entries(SHAPES)) {
      for (const start of ['=', '+', '-', '@', '\t', '\r', ' ', "'", '"', ';'])
        expect(shape.test(`${start}1+1@x.fr`), `${name}: ${JSON.stringify(start)}`).toBe(false);
      for (const inside of [';', '"', '\r', '\n'])
        expect(shape.test(`a${inside}b@x.fr`), `${name}: ${JSON.stringify(inside)}`).toBe(false);
    }
    expect(SHAPES.identifier.test('POL-1004')).toBe(true);
    expect(SHAPES.identifier.test('2A004')).toBe(true);
    expect(SHAPES.email.test('jean.dupont+assur@orange.fr')).toBe(true);
  });

  it('finds every shaped value of the demo and scale sets in its shape', () => {
    const demo = generateDemoSet({ today: '2025-06-15', policiesPerBroker: 40 });
    const scale = generateDemoSet({ today: '2025-06-15', policiesPerBroker: 5, brokers: scaleBrokers(25) });
    const tables = [
      [policeResource, [...demo.policies, ...scale.policies]],
      [policeAssureResource, [...demo.assures, ...scale.assures]],
      [commissionResource, [...demo.statements, ...scale.statements]],
      [mouvementResource, [...demo.mouvements, ...scale.mouvements]],
      [timelineResource, [...demo.events, ...scale.events]],
    ] as const;
    let checked = 0;
    for (const [resource, rows] of tables)
      for (const field of resource.fields.filter((f) => f.pattern))
        for (const row of rows as unknown as readonly Record<string, unknown>[]) {
          const value = row[field.name];
          if (typeof value !== 'string') continue;
          expect(value, `${resource.table}.${field.name}`).toMatch(field.pattern!);
          checked++;
        }
    expect(checked).toBeGreaterThan(10_000);
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
    // Shaped text (here a postal code) is checked on write and import instead.
    const cp = fields.get('cp')!;
    expect(freeText(cp)).toBe(false);
    expect(copyColumns([cp])).not.toContain('ascii(');
    expect(csvLineColumn([cp])).not.toContain('~');
    // Phone numbers stay free text: '+33 6 …' is a phone number and a spreadsheet formula.
    expect(freeText(fields.get('tel1')!)).toBe(true);
  });
});
