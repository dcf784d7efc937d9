// Plain values (no Effect): the descriptors read them, and light clients load them alone.

/** Policy statuses, payment statuses and termination reasons of docs/product.md §4. */
export const POLICY_STATUSES = ['Terminé', 'En cours', 'A venir'] as const;
export const PAYMENT_STATUSES = ['A jour', 'Impayé', 'Mis en demeure', 'Recouvrement'] as const;
export const COMMISSION_FLAGS = [
  'Paiement à venir',
  'Escompte payé',
  'Escompte repris',
  'Escompte soldé',
  'Linéaire',
] as const;
export const COMMISSION_MODES = ['Précompte/Escompte', 'Linéaire'] as const;
export const RISK_TYPES = [
  'Santé',
  'Surcomplémentaire Santé',
  'Accidents de la vie',
  'Obsèques',
  'Décès',
  'Hospitalisation',
  'Dépendance',
  'Prévoyance autre',
  'Frais de santé animaux',
] as const;
