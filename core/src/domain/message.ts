import { Schema } from 'effect';
import type { IdPolice } from './ids.ts';

/** A file chosen for the after-sales message, listed as 'name - size bytes' (docs/product.md §3 "Uploaded file"). */
export const UploadedFile = Schema.Struct({ name: Schema.String, size: Schema.Number });
export type UploadedFile = typeof UploadedFile.Type;

/** The message to after-sales about a client file (spec "Message form"). */
export interface Message {
  readonly subject: string;
  /** Rich text (HTML), sanitized by the server. */
  readonly body: string;
  readonly idPolice: IdPolice;
  readonly attachments: readonly Blob[];
}

/** The subject choices of the dropdown (docs/product.md §9); the field stays editable. */
export const MAIL_SUBJECTS = [
  'Avenant contrat',
  'Ajout ayant-droit',
  'Modification coordonnées bancaires',
  'Demande de remboursement',
  'Réclamation',
  'Autre',
] as const;
