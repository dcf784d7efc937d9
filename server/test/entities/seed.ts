/**
 * Small hand-made rows for the entities tests: three brokers (C0001 and C0003 under wholesaler
 * G0001, C0002 under G0002), chosen so that each filter, preset and scope rule has a row that
 * matches and one that does not.
 */
import type { Db } from '../../src/db/types.ts';

type Values = Record<string, string | number | null>;

async function insert(db: Db, table: string, rows: readonly Values[]): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row);
    const placeholders = columns.map((_, i) => `$${i + 1}`);
    await db.query(
      `insert into ${table} (${columns.join(', ')}) values (${placeholders.join(', ')})`,
      columns.map((c) => row[c]),
    );
  }
}

const broker = (code: string, grossiste: string) => ({
  courtier: `Cabinet ${code}`,
  code_courtier_portail: code,
  code_courtier_grossiste_portail: grossiste,
});

export const POLICIES: readonly Values[] = [
  {
    ...broker('C0001', 'G0001'),
    id_police: 1001,
    police: 'POL-1001',
    nomprenom: 'DUPONT Jean',
    nom: 'DUPONT',
    adresse1: '1 rue de la Paix',
    cp: '75011',
    ville: 'Paris',
    tel1: '0102030405',
    email: 'jean.dupont@example.fr',
    risque: 'Santé',
    gamme: 'Gamme A',
    formule: 'F1 Confort',
    age_adherent: 40,
    date_creation: '2020-01-15',
    date_effet: '2020-02-01',
    statut: 'En cours',
    motif_resil: 'Actif',
    statut_paiement: 'A jour',
    cotisation_ttc: '100.10',
    commissionnement: 'Linéaire',
    mode_commissionnement: 'Linéaire',
    montant_commission_totale: '12.34',
    taux_commission_annee1: '0.125000',
  },
  {
    ...broker('C0001', 'G0001'),
    id_police: 1002,
    police: 'POL-1002',
    nomprenom: 'MARTIN Marie',
    nom: 'MARTIN',
    cp: '69001',
    ville: 'Lyon',
    email: 'marie.martin@example.fr',
    risque: 'Obsèques',
    gamme: 'Gamme B',
    formule: 'F2 Essentiel',
    age_adherent: 65,
    date_creation: '2021-06-01',
    date_effet: '2021-07-01',
    date_resil: '2021-07-01',
    statut: 'Terminé',
    motif_resil: 'Sans Effet',
    date_enregistrement_resil: '2021-06-20',
    statut_paiement: 'Impayé',
    cotisation_ttc: '200.20',
    commissionnement: 'Escompte payé',
  },
  {
    ...broker('C0001', 'G0001'),
    id_police: 1003,
    police: 'POL-1003',
    nomprenom: 'DURAND Paul',
    nom: 'DURAND',
    cp: '75012',
    ville: 'Paris',
    risque: 'Santé',
    gamme: 'Gamme A',
    formule: 'F2 Essentiel',
    age_adherent: 50,
    date_creation: '2019-03-10',
    date_effet: '2019-04-01',
    date_resil: '2022-01-31',
    statut: 'Terminé',
    motif_resil: 'Décès',
    date_enregistrement_resil: '2022-01-05',
    statut_paiement: 'Mis en demeure',
    cotisation_ttc: '50.00',
  },
  {
    ...broker('C0002', 'G0002'),
    id_police: 1004,
    police: 'POL-1004',
    nomprenom: 'BERNARD Luc',
    nom: 'BERNARD',
    cp: '13001',
    ville: 'Marseille',
    risque: 'Santé',
    gamme: 'Gamme A',
    formule: 'F1 Confort',
    age_adherent: 30,
    date_creation: '2022-02-02',
    statut: 'En cours',
    motif_resil: 'Actif',
    statut_paiement: 'A jour',
  },
  {
    ...broker('C0003', 'G0001'),
    id_police: 1005,
    police: 'POL-1005',
    nomprenom: "O'NEIL 100%_Anne",
    nom: "O'NEIL",
    cp: '33000',
    ville: 'Bordeaux',
    risque: 'Décès',
    gamme: 'Gamme C',
    formule: '=1+1',
    age_adherent: 150,
    date_creation: '2018-05-05',
    statut: 'A venir',
    motif_resil: 'Actif',
    statut_paiement: 'A jour',
  },
];

export const ASSURES: readonly Values[] = [
  {
    ...broker('C0001', 'G0001'),
    id_police: 1001,
    police: 'POL-1001',
    id_assure: 3001,
    rang: 1,
    nomprenom: 'DUPONT Jean',
    date_naissance: '1980-03-04',
    mois_naissance: 3,
    age: 40,
    ville: 'Paris',
    commissionnement: 'Linéaire',
    risque: 'Santé',
  },
  {
    ...broker('C0001', 'G0001'),
    id_police: 1001,
    police: 'POL-1001',
    id_assure: 3002,
    rang: 2,
    nomprenom: 'DUPONT Léa',
    date_naissance: '2010-11-12',
    mois_naissance: 11,
    age: 10,
    ville: 'Paris',
    risque: 'Santé',
  },
  {
    ...broker('C0001', 'G0001'),
    id_police: 1002,
    police: 'POL-1002',
    id_assure: 3004,
    rang: 1,
    nomprenom: 'MARTIN Marie',
    motif_resil: 'Sans Effet',
    age: 65,
    risque: 'Obsèques',
  },
  {
    ...broker('C0002', 'G0002'),
    id_police: 1004,
    police: 'POL-1004',
    id_assure: 3003,
    rang: 1,
    nomprenom: 'BERNARD Luc',
    age: 30,
    risque: 'Santé',
  },
];

export const STATEMENTS: readonly Values[] = [
  {
    ...broker('C0001', 'G0001'),
    id_bordereau: 2001,
    mois: '2024-01-01',
    type_bordereau: 'Définitif',
    compte: 'C0001',
    nb: 2,
    montant: '100.10',
    solde_precedent: '0.00',
    fichier_bordereau: 'Bordereau janvier é.pdf',
  },
  {
    ...broker('C0001', 'G0001'),
    id_bordereau: 2002,
    mois: '2024-02-01',
    type_bordereau: 'Définitif',
    compte: 'C0001',
    nb: 1,
    montant: '200.20',
    solde_precedent: '0.00',
  },
  {
    ...broker('C0001', 'G0001'),
    id_bordereau: 2003,
    mois: '2024-03-01',
    type_bordereau: 'Prévisionnel',
    compte: 'C0001',
    nb: 0,
    montant: '50.00',
  },
  {
    ...broker('C0002', 'G0002'),
    id_bordereau: 2004,
    mois: '2024-01-01',
    type_bordereau: 'Définitif',
    compte: 'C0002',
    nb: 1,
    montant: '300.00',
  },
];

export const RECAP: readonly Values[] = [
  { id_bordereau: 2001, commission: 'Reprises', montant: '-10.00', ordre: 2 },
  { id_bordereau: 2001, commission: 'Escompte', montant: '110.10', ordre: 1 },
  { id_bordereau: 2004, commission: 'Escompte', montant: '300.00', ordre: 1 },
];

export const MOVEMENTS: readonly Values[] = [
  {
    ...broker('C0001', 'G0001'),
    id_bordereau: 2001,
    mois: '2024-01-01',
    id_police: 1001,
    police: 'POL-1001',
    gamme: 'Gamme A',
    nomprenom: 'DUPONT Jean',
    ville: 'Paris',
    libelle_mouvement: 'Linéaire',
    montant_base: '100.00',
    taux: '0.101000',
    montant: '10.10',
    periode: '2024-01-01',
  },
  {
    ...broker('C0001', 'G0001'),
    id_bordereau: 2001,
    mois: '2024-01-01',
    id_police: 1002,
    police: 'POL-1002',
    gamme: 'Gamme B',
    nomprenom: 'MARTIN Marie',
    libelle_mouvement: 'Escompte',
    montant_base: '1000.00',
    taux: '0.100000',
    montant: '100.00',
    periode: '2024-01-01',
  },
  {
    ...broker('C0001', 'G0001'),
    id_bordereau: 2002,
    mois: '2024-02-01',
    id_police: 1001,
    police: 'POL-1001',
    gamme: 'Gamme A',
    nomprenom: 'DUPONT Jean',
    libelle_mouvement: 'Escompte',
    montant: '200.20',
    periode: '2024-02-01',
  },
  {
    ...broker('C0002', 'G0002'),
    id_bordereau: 2004,
    mois: '2024-01-01',
    id_police: 1004,
    police: 'POL-1004',
    gamme: 'Gamme A',
    nomprenom: 'BERNARD Luc',
    libelle_mouvement: 'Escompte',
    montant: '300.00',
    periode: '2024-01-01',
  },
];

export const EVENTS: readonly Values[] = [
  {
    ...broker('C0001', 'G0001'),
    time: '2024-01-10T08:30:00Z',
    id_police: 1001,
    police: 'POL-1001',
    nomprenom: 'DUPONT Jean',
    type_message: 'AFN',
    message: 'Contrat validé',
  },
  {
    ...broker('C0001', 'G0001'),
    time: '2024-02-10T09:00:00Z',
    id_police: 1002,
    police: 'POL-1002',
    nomprenom: 'MARTIN Marie',
    type_message: 'RSL',
    message: 'Contrat résilié',
  },
  {
    ...broker('C0001', 'G0001'),
    time: '2024-03-10T10:00:00Z',
    id_police: 1001,
    police: 'POL-1001',
    nomprenom: 'DUPONT Jean',
    type_message: 'CRR',
    message: 'Courrier de renouvellement',
  },
  {
    ...broker('C0002', 'G0002'),
    time: '2024-01-11T08:30:00Z',
    id_police: 1004,
    police: 'POL-1004',
    nomprenom: 'BERNARD Luc',
    type_message: 'AFN',
    message: 'Contrat validé',
  },
  {
    ...broker('C0003', 'G0001'),
    time: '2024-01-12T08:30:00Z',
    id_police: 1005,
    police: 'POL-1005',
    nomprenom: "O'NEIL 100%_Anne",
    type_message: 'IMP',
    message: 'Rejet de prélèvement',
  },
];

export const PDF_BYTES = Buffer.from('%PDF-1.4\n% test statement\n%%EOF\n');

export async function seed(db: Db): Promise<void> {
  await insert(db, 'police', POLICIES);
  await insert(db, 'police_assure', ASSURES);
  await insert(db, 'commission', STATEMENTS);
  await insert(db, 'recap_line', RECAP);
  await insert(db, 'commission_mouvement', MOVEMENTS);
  await insert(db, 'timeline_event', EVENTS);
  await db.query('insert into commission_pdf (id_bordereau, content) values ($1, $2)', [2001, PDF_BYTES]);
}
