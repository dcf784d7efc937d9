/**
 * Calls to a walk's own server (`startServer`), for the files that import data the shared
 * server's walks must not see: a token per call, the JSON answer, and the back office's import.
 */
export const ownServerApi = (url: () => string) => {
  const tokenOf = async (login: string) => {
    const response = await fetch(`${url()}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: login, password: login }),
    });
    return ((await response.json()) as { id_token: string }).id_token;
  };
  const api = async <T>(login: string, path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${url()}/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${await tokenOf(login)}`, ...(init.headers ?? {}) },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  /** `POST api/admin/import` as admin: `rows` of one kind, as a JSON file. */
  const importRows = async (kind: string, rows: readonly object[]) => {
    const form = new FormData();
    form.set('kind', kind);
    form.set('file', new Blob([JSON.stringify(rows)], { type: 'application/json' }), `${kind}.json`);
    await api('admin', 'api/admin/import', { method: 'POST', body: form });
  };
  return { api, importRows };
};
