/** The policy list: its descriptor in core, plus the SQL condition of each preset (docs/product.md §4). */
import { policeDescriptor } from '@extranet/core/descriptors/police.ts';
import { resourceOf } from '../engine/from-descriptor.ts';

/** The presets' conditions, by name; the insured list uses those its descriptor names. */
export const policyPresetWhere: Readonly<Record<string, string>> = {
  NOF: 'true',
  SEF: "motif_resil = 'Sans Effet'",
  RES: "motif_resil is not null and motif_resil <> 'Actif'",
  IMP: "statut_paiement = 'Impayé'",
  MED: "statut_paiement = 'Mis en demeure'",
  NRS: "motif_resil = 'Actif'",
  VIG: "statut = 'En cours'",
};

export const policeResource = resourceOf(policeDescriptor, { presetWhere: policyPresetWhere });
