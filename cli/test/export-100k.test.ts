import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { type Session, sessionFor } from './session.ts';

const LINES = 100_000;
const ID = 9_000_001;
let server: TestServer;
let courtier: Session;

beforeAll(async () => {
  server = await startServer();
  courtier = await sessionFor(server.url, 'courtier');
  const db = server.running.db;
  await db.query(
    `insert into commission (courtier, code_courtier_portail, code_courtier_grossiste_portail, id_bordereau, mois,
       type_bordereau, compte, nb, montant, solde_precedent)
     values ('Cabinet Martin Assurances', 'C0001', 'G0001', $1, '2020-01-01', 'Définitif', '411C0001', $2, 0, 0)`,
    [ID, LINES],
  );
  // Varied rows: amounts with cents, accents, a quote and a semicolon to exercise the CSV quoting.
  await db.query(
    `insert into commission_mouvement (courtier, code_courtier_portail, code_courtier_grossiste_portail, id_bordereau,
       type_bordereau, mois, compte, id_police, police, risque, gamme, nomprenom, libelle_mouvement, montant_base, taux, montant)
     select 'Cabinet Martin Assurances', 'C0001', 'G0001', $1, 'Définitif', '2020-01-01', '411C0001', 5000000 + i,
       'POL' || lpad(i::text, 7, '0'), case when i % 3 = 0 then 'Santé' else 'Obsèques' end, 'Gamme ' || (i % 7),
       case when i % 1000 = 0 then 'O''Brien; Zoé' else 'Adhérent ' || i end,
       case when i % 2 = 0 then 'Commission linéaire' else 'Escompte année 1' end,
       (i % 5000) + 0.5, 0.12, ((i % 100000) - 50000) / 100.0
     from generate_series(1, $2) as i`,
    [ID, LINES],
  );
}, 300_000);
afterAll(async () => {
  await server?.close();
});

/** Splits one `;` CSV line, honouring double-quoted fields. */
const fields = (line: string): string[] => {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
};

const frenchAmount = (value: string) => value.replace('.', ',');

it('exports a 100,000-line statement identical, row by row, to the database', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'extranet-cli-100k-'));
  const result = await runBin(['statements', 'export', String(ID), '--json'], {
    env: courtier.env,
    cwd: dir,
  });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const summary = JSON.parse(result.stdout);
  expect(summary.lines).toBe(LINES);

  const lines = readFileSync(summary.file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  expect(lines).toHaveLength(LINES + 1);
  const header = fields(lines[0]!);
  const column = (name: string) => {
    const index = header.indexOf(name);
    expect(index, name).toBeGreaterThanOrEqual(0);
    return index;
  };
  const [cId, cPolice, cNom, cMontant, cLibelle] = [
    'Id',
    'Police',
    'Nom prénom',
    'Montant',
    'Type commission',
  ].map(column);

  const rows = await server.running.db.query<{
    id: number;
    police: string;
    nomprenom: string;
    montant: string;
    libelle: string;
  }>(
    `select id, police, nomprenom, montant::text as montant, libelle_mouvement as libelle
     from commission_mouvement where id_bordereau = $1`,
    [ID],
  );
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  expect(byId.size).toBe(LINES);
  const seen = new Set<string>();
  for (const line of lines.slice(1)) {
    const cells = fields(line);
    const row = byId.get(cells[cId!]!);
    expect(row, line).toBeDefined();
    seen.add(cells[cId!]!);
    if (
      cells[cPolice!] !== row!.police ||
      cells[cNom!] !== row!.nomprenom ||
      cells[cLibelle!] !== row!.libelle ||
      cells[cMontant!] !== frenchAmount(row!.montant)
    ) {
      expect({
        police: cells[cPolice!],
        nom: cells[cNom!],
        libelle: cells[cLibelle!],
        montant: cells[cMontant!],
      }).toEqual({
        police: row!.police,
        nom: row!.nomprenom,
        libelle: row!.libelle,
        montant: frenchAmount(row!.montant),
      });
    }
  }
  expect(seen.size).toBe(LINES);
}, 300_000);
