/**
 * The policy and policy-holder columns that the policy list and the insured-person list both
 * carry (each insured row repeats its policy's), with the search columns they share: one
 * description, so that the two lists filter, search and export these the same way.
 */
import { f } from '../engine/fields.ts';

export const commission = { scope: 'commission' } as const;
const contact = { scope: 'contact' } as const;

/** Who holds the policy and through whom, in both lists' column order. */
export const policyHolderFields = [
  f('codeApporteur', 'text', 'Code apporteur'),
  f('apporteur', 'text', 'Apporteur'),
  f('idPolice', 'id', 'Id police'),
  f('numeroUcr', 'text', 'Numéro UCR'),
  f('police', 'text', 'Police'),
  f('referenceCourtier', 'text', 'Référence courtier'),
  f('risque', 'text', 'Risque'),
  f('gamme', 'text', 'Gamme'),
  f('formule', 'text', 'Formule'),
  f('nomprenom', 'text', 'Nom prénom'),
  f('nom', 'text', 'Nom'),
  f('prenom', 'text', 'Prénom'),
  f('adresse1', 'text', 'Adresse 1', contact),
  f('adresse2', 'text', 'Adresse 2', contact),
  f('cp', 'text', 'Code postal'),
  f('ville', 'text', 'Ville', contact),
  f('tel1', 'text', 'Téléphone 1', contact),
  f('tel2', 'text', 'Téléphone 2', contact),
  f('email', 'text', 'E-mail', contact),
];

/** The policy's dates and termination. */
export const policyDateFields = [
  f('dateCreation', 'date', 'Date enregistrement'),
  f('dateSignature', 'date', 'Date signature'),
  f('dateEffet', 'date', 'Date effet'),
  f('dateResil', 'date', 'Date résiliation'),
  f('codeResil', 'text', 'Code résiliation'),
  f('motifResil', 'text', 'Motif de résiliation'),
  f('dateEnregistrementResil', 'date', 'Date enregistr. résil.'),
];

/** Columns of the global `q=` search common to both lists. */
export const policyHolderSearch = [
  'police',
  'numeroUcr',
  'referenceCourtier',
  'nomprenom',
  'courtier',
  'apporteur',
  'risque',
  'gamme',
  'formule',
  'cp',
  'ville',
  'email',
];
