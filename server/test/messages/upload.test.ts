/** `POST /api/upload`: who may call, the type allow-list by content and every limit. */
import { beforeAll, expect, it } from 'vitest';
import { forEachApp } from '../helpers.ts';
import { file, HOSTILE, multipart, type Part, pdfOfSize, SAMPLES } from './fixtures.ts';

const MIB = 1024 * 1024;

forEachApp((_kind, ctx) => {
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await ctx().auth('portefeuille');
  });

  const upload = async (parts: readonly Part[], auth: Record<string, string> = headers) => {
    const body = multipart(parts);
    return ctx().app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };

  const expectProblem = (response: Awaited<ReturnType<typeof upload>>, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toContain('application/problem+json');
    return response.json() as { detail?: string; fieldErrors?: { field: string; message: string }[] };
  };

  it('answers the name and size of every allowed file', async () => {
    const parts = Object.entries(SAMPLES).map(([name, content]) => file(name, content));
    const response = await upload(parts);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(
      Object.entries(SAMPLES).map(([name, content]) => ({ name, size: content.length })),
    );
  });

  it('is for ROLE_PORTEFEUILLE and ROLE_ADMIN only', async () => {
    const parts = [file('a.pdf', SAMPLES['attestation.pdf'])];
    expect((await upload(parts, {})).statusCode).toBe(401);
    expect((await upload(parts, await ctx().auth('compta'))).statusCode).toBe(403);
    expect((await upload(parts, await ctx().auth('user'))).statusCode).toBe(403);
    expect((await upload(parts, await ctx().auth('admin'))).statusCode).toBe(200);
  });

  it.each(HOSTILE)('refuses %s with a 400 naming the file', async (name, content) => {
    const problem = expectProblem(
      await upload([file('ok.pdf', SAMPLES['attestation.pdf']), file(name, content)]),
      400,
    );
    expect(problem.fieldErrors).toEqual([{ objectName: 'message', field: 'files[1]', message: 'FileType' }]);
    expect(problem.detail).toContain(name);
    // The rules ride along, so the form can say which types and sizes are allowed.
    const { params } = problem as { params?: Record<string, unknown> };
    expect(params).toMatchObject({
      name,
      maxFiles: 10,
      maxFileBytes: 10 * 1024 * 1024,
      maxTotalBytes: 25 * 1024 * 1024,
    });
    expect((params as { allowed: string[] }).allowed).toEqual(
      expect.arrayContaining(['pdf', 'png', 'jpg', 'docx', 'txt']),
    );
  });

  it('refuses an empty file and a request without files', async () => {
    expect(
      expectProblem(await upload([file('vide.pdf', Buffer.alloc(0))]), 400).fieldErrors?.[0]?.message,
    ).toBe('NotEmpty');
    expect(expectProblem(await upload([]), 400).fieldErrors?.[0]).toMatchObject({
      field: 'files',
      message: 'NotNull',
    });
  });

  it('takes 10 files and refuses 11', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => file(`f${i}.txt`, `fichier ${i}`));
    expect((await upload(ten)).json()).toHaveLength(10);
    const problem = expectProblem(await upload([...ten, file('f10.txt', 'one too many')]), 400);
    expect(problem.fieldErrors?.[0]).toMatchObject({ field: 'files', message: 'Size' });
    expect(problem.detail).toBe('At most 10 files');
  });

  it('takes a file of exactly 10 MB and refuses one byte more', async () => {
    const exact = await upload([file('max.pdf', pdfOfSize(10 * MIB))]);
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json()).toEqual([{ name: 'max.pdf', size: 10 * MIB }]);
    const problem = expectProblem(await upload([file('big.pdf', pdfOfSize(10 * MIB + 1))]), 400);
    expect(problem.fieldErrors?.[0]).toMatchObject({ field: 'files[0]', message: 'Size' });
    expect(problem.detail).toBe('big.pdf exceeds 10 MB');
  });

  it('takes 25 MB in all and refuses one byte more', async () => {
    const sizes = [9 * MIB, 9 * MIB, 7 * MIB];
    const exact = await upload(sizes.map((s, i) => file(`p${i}.pdf`, pdfOfSize(s))));
    expect(exact.statusCode, exact.body).toBe(200);
    const over = await upload(
      [...sizes.slice(0, 2), 7 * MIB + 1].map((s, i) => file(`p${i}.pdf`, pdfOfSize(s))),
    );
    const problem = expectProblem(over, 400);
    expect(problem.fieldErrors?.[0]).toMatchObject({ field: 'files', message: 'Size' });
    expect(problem.detail).toBe('The files exceed 25 MB in all');
  });

  it('refuses other form fields and bodies that are not multipart', async () => {
    const extra = await upload([file('a.pdf', SAMPLES['attestation.pdf']), { name: 'subject', value: 'x' }]);
    expect(expectProblem(extra, 400).fieldErrors?.[0]).toMatchObject({
      field: 'subject',
      message: 'UnknownField',
    });
    const wrongField = await upload([
      { name: 'file', filename: 'a.pdf', content: SAMPLES['attestation.pdf'] },
    ]);
    expect(expectProblem(wrongField, 400).fieldErrors?.[0]).toMatchObject({
      field: 'file',
      message: 'UnknownField',
    });
    const json = await ctx().app.inject({
      method: 'POST',
      url: '/api/upload',
      headers,
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(400);
    const broken = await ctx().app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toContain('application/problem+json');
  });

  it('over a real connection, answers an oversized upload with 400 and closes the connection', async () => {
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx().app.server.address() as { port: number };
    const form = new FormData();
    form.append('files', new Blob([pdfOfSize(11 * MIB)]), 'big.pdf');
    const response = await fetch(`http://127.0.0.1:${port}/api/upload`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('connection')).toBe('close');
    expect(((await response.json()) as { detail: string }).detail).toBe('big.pdf exceeds 10 MB');
  });
});
