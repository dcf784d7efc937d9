import { RISK_TYPES } from '../domain/codes.ts';
import { date, id, text } from './field.ts';

/**
 * Field groups several resources carry, described once: the broker codes of every business row,
 * and the policy and policy-holder fields that a policy and each of its insured persons both
 * carry (each insured row repeats its policy's), so the two lists cannot drift apart.
 */

/** Codes and identifiers: checked on write and import (field.ts SHAPES), so exports need not defuse them. */
export const identifier = { shape: 'identifier' } as const;

/** The row id every table has. */
export const rowId = id('Id', { nullable: false });

/** The broker codes every business row carries; row scope is decided on them. */
export const brokerFields = {
  courtier: text('Courtier', { searchable: true, filter: 'choice', words: true }),
  codeCourtierPortail: text('Code courtier', identifier),
  codeCourtierGrossistePortail: text('Code grossiste', identifier),
  idCourtierPortail: text('Id courtier portail', identifier),
  idCourtierGestion: text('Id courtier gestion', identifier),
  idCourtierGrossisteGestion: text('Id grossiste gestion', identifier),
};

const searched = { searchable: true } as const;
const words = { words: true } as const;
const coord = { scope: 'COORD' } as const;

/** Who holds the policy and through whom, in both lists' field order. */
export const policyHolderFields = {
  // Its filter selects codes, under the Apporteur label.
  codeApporteur: text('Code apporteur', {
    filter: 'choice',
    filterLabel: 'fields.apporteur',
    choiceLabel: 'apporteur',
    ...identifier,
  }),
  apporteur: text('Apporteur', { ...searched, ...words }),
  idPolice: id('Id police', { nullable: false }),
  numeroUcr: text('Numéro UCR', { ...searched, ...identifier }),
  police: text('Police', { ...searched, ...identifier }),
  referenceCourtier: text('Référence courtier', searched),
  risque: text('Risque', { ...searched, codes: RISK_TYPES }),
  gamme: text('Gamme', { ...searched, filter: 'choice' }),
  formule: text('Formule', searched),
  nomprenom: text('Nom prénom', { ...searched, ...words }),
  nom: text('Nom', words),
  prenom: text('Prénom', words),
  adresse1: text('Adresse 1', coord),
  adresse2: text('Adresse 2', coord),
  cp: text('Code postal', { ...searched, maxLength: 5, ...identifier }),
  ville: text('Ville', { ...coord, ...searched }),
  tel1: text('Téléphone 1', coord),
  tel2: text('Téléphone 2', coord),
  email: text('E-mail', { ...coord, ...searched, shape: 'email' }),
};

/** The policy's life dates and termination, repeated on each insured person's row. */
export const policyDateFields = {
  dateCreation: date('Date enregistrement'),
  dateSignature: date('Date signature'),
  dateEffet: date('Date effet'),
  dateResil: date('Date résiliation'),
  codeResil: text('Code résiliation', identifier),
  motifResil: text('Motif de résiliation', { filter: 'choice' }),
  dateEnregistrementResil: date('Date enregistr. résil.'),
};
