import { Schema } from 'effect';
import { AccessEvent, Anonymisation, RevealedNir } from '../domain/personalData.ts';
import { downloadFile } from './download.ts';
import { getJson } from './request.ts';

const base = (idAssure: number) => `api/police-assures/${idAssure}`;

/** An insured person's rights (docs/security.md "Data protection"): shared by the web and the CLI. */
export const personalDataApi = {
  /** The whole NIR (nir.reveal only); the server records the reveal. */
  revealNir: (idAssure: number) =>
    getJson(RevealedNir, { method: 'POST', path: `${base(idAssure)}/nir`, json: {} }),
  /** Everything held about the person, as a JSON or PDF file; recorded. */
  download: (idAssure: number, format: 'json' | 'pdf') =>
    downloadFile({
      path: `${base(idAssure)}/personal-data`,
      query: [['format', format]],
      accept: format === 'pdf' ? 'application/pdf' : 'application/json',
      fallbackName: `donnees-personnelles-${idAssure}.${format}`,
    }),
  /** Who looked at the person's file, newest first (administrators). */
  accessLog: (idAssure: number) =>
    getJson(Schema.Array(AccessEvent), { path: `${base(idAssure)}/access-log` }),
  /** Anonymises the person (administrators); `force` before the end of retention. */
  anonymise: (idAssure: number, force = false) =>
    getJson(Anonymisation, {
      method: 'POST',
      path: `${base(idAssure)}/anonymise`,
      json: force ? { force } : {},
    }),
};
