import { ImportReport } from '../domain/importReport.ts';
import { getJson } from './request.ts';

/** `POST api/admin/import` (administrators): one back-office file, multipart `kind` + `file`. */
export const importApi = {
  file: (form: FormData) =>
    getJson(ImportReport, { method: 'POST', path: 'api/admin/import', formData: form }),
};
