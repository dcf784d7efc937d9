import { Effect } from 'effect';
import { call } from '../contract/client.ts';
import { dataImport } from '../contract/dataImport.ts';

/**
 * `POST api/admin/import` (administrators) through the contract: one back-office file, multipart
 * `kind` + `file`; one file sent is one report answered.
 */
export const importApi = {
  file: (form: FormData) =>
    call(dataImport.run, { body: form }).pipe(
      Effect.map((answer) => (Array.isArray(answer) ? answer[0]! : answer)),
    ),
};
