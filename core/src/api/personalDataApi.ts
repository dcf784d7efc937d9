import { call } from '../contract/client.ts';
import { personalData } from '../contract/personalData.ts';
import { downloadFile } from './download.ts';

const params = (idAssure: number) => ({ idAssure: String(idAssure) });

/**
 * An insured person's rights (docs/security.md "Data protection") through the contract, shared by
 * the web and the CLI.
 */
export const personalDataApi = {
  /** The whole NIR (nir.reveal only); the server records the reveal. */
  revealNir: (idAssure: number) => call(personalData.revealNir, { params: params(idAssure) }),
  /** Everything held about the person, saved as a JSON or PDF file (not decoded: it is the person's copy); recorded. */
  download: (idAssure: number, format: 'json' | 'pdf') =>
    downloadFile({
      path: personalData.download.path.slice(1).replace('{idAssure}', String(idAssure)),
      query: [['format', format]],
      accept: format === 'pdf' ? 'application/pdf' : 'application/json',
      fallbackName: `donnees-personnelles-${idAssure}.${format}`,
    }),
  /** Who looked at the person's file, newest first (administrators). */
  accessLog: (idAssure: number) => call(personalData.accessLog, { params: params(idAssure) }),
  /** Anonymises the person (administrators); `force` before the end of retention. */
  anonymise: (idAssure: number, force = false) =>
    call(personalData.anonymise, { params: params(idAssure), body: force ? { force } : {} }),
};
