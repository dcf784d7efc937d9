/**
 * `POST /api/messages` with the file outbox: one mail to the after-sales address of the caller's
 * brand, about a policy in the caller's scope; anything wrong is a 4xx and no mail at all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../entities/seed.ts';
import { forEachApp, outbox } from '../helpers.ts';
import { file, HOSTILE, multipart, type Part, pdfOfSize, SAMPLES } from './fixtures.ts';

const MIB = 1024 * 1024;

const fields = (
  overrides: Partial<Record<'subject' | 'message' | 'id_police', string | null>> = {},
): Part[] => {
  const values = {
    subject: 'Réclamation',
    message: '<p>Bonjour, merci de rappeler le client.</p>',
    id_police: '1001',
    ...overrides,
  };
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => ({ name, value }));
};

forEachApp((_kind, ctx) => {
  beforeAll(async () => {
    await seed(ctx().db);
  });

  const send = async (parts: readonly Part[], login = 'courtier') => {
    const body = multipart(parts);
    return ctx().app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { ...(await ctx().auth(login)), ...body.headers },
      payload: body.payload,
    });
  };
  const mails = () => outbox(ctx().config);

  /** Runs `act` and checks it answered `status` as a problem and mailed nothing. */
  const refused = async (status: number, act: () => ReturnType<typeof send>) => {
    const before = mails().length;
    const response = await act();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(mails()).toHaveLength(before);
    return response.json() as { detail?: string; fieldErrors?: { field: string; message: string }[] };
  };

  describe('sending', () => {
    it('mails the message with its attachments to the after-sales address of the brand', async () => {
      const before = mails().length;
      const response = await send([
        ...fields({
          subject: 'Ajout ayant-droit',
          message:
            '<p>Ajouter l&#39;enfant <strong>Léa</strong>.</p><script>alert(1)</script><img src=x onerror=alert(2)>',
        }),
        file('attestation.pdf', SAMPLES['attestation.pdf']),
        file('note.txt', SAMPLES['note.txt']),
      ]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        subject: 'Ajout ayant-droit',
        idPolice: 1001,
        attachments: [
          { name: 'attestation.pdf', size: SAMPLES['attestation.pdf'].length },
          { name: 'note.txt', size: SAMPLES['note.txt'].length },
        ],
      });
      const sent = mails().slice(before);
      expect(sent).toHaveLength(1);
      const mail = sent[0]!;
      expect(mail.to).toBe('sav-ucr@demo.extranet.example');
      expect(mail.subject).toBe('[Extranet] Ajout ayant-droit - police POL-1001 - DUPONT Jean');
      expect(mail.text).toContain('Reply-To: courtier@demo.extranet.example');
      expect(mail.text).toContain('<strong>Léa</strong>');
      expect(mail.text).toContain("Ajouter l'enfant Léa.");
      expect(mail.text).not.toMatch(/<script|onerror|alert\(/);
      expect(mail.text).toMatch(/Content-Type: application\/pdf; name=attestation\.pdf/);
      expect(mail.text).toMatch(/Content-Type: text\/plain; charset=utf-8; name=note\.txt/);
      expect(mail.text).toContain(SAMPLES['attestation.pdf'].toString('base64').slice(0, 60));
    });

    it("goes to the address of the caller's own brand", async () => {
      const before = mails().length;
      expect((await send(fields({ id_police: '1004' }), 'courtier2')).statusCode).toBe(200);
      // The wholesaler reaches the policies of its brokers (1005 is C0003's).
      expect((await send(fields({ id_police: '1005' }), 'grossiste')).statusCode).toBe(200);
      expect((await send(fields({ id_police: '1004' }), 'admin')).statusCode).toBe(200);
      expect(
        mails()
          .slice(before)
          .map((m) => m.to),
      ).toEqual([
        'sav-2ma@demo.extranet.example',
        'sav-tassur@demo.extranet.example',
        'sav-ucr@demo.extranet.example',
      ]);
    });

    it('escapes what it puts into the HTML around the message', async () => {
      await ctx().db.query("update police set nomprenom = '<b>EVIL</b> & co' where id_police = 1002");
      const before = mails().length;
      expect((await send(fields({ id_police: '1002' }))).statusCode).toBe(200);
      const mail = mails().slice(before)[0]!;
      const html = mail.text.slice(mail.text.indexOf('Content-Type: text/html'));
      expect(html).toContain('<td>&lt;b&gt;EVIL&lt;/b&gt; &amp; co</td>');
      expect(html).not.toContain('<b>EVIL</b>');
    });
  });

  describe('scope and roles', () => {
    it("answers 404 for another broker's policy and for an unknown one, and sends nothing", async () => {
      const other = await refused(404, () => send(fields({ id_police: '1004' })));
      expect(other).toMatchObject({ detail: 'police not found' });
      await refused(404, () => send(fields({ id_police: '999999' })));
      await refused(404, () => send(fields({ id_police: '1001' }), 'courtier2'));
    });

    it('is refused to callers without ROLE_PORTEFEUILLE or ROLE_ADMIN', async () => {
      await refused(403, () => send(fields(), 'compta'));
      await refused(403, () => send(fields(), 'user'));
      const body = multipart(fields());
      await refused(401, () =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/messages',
          headers: body.headers,
          payload: body.payload,
        }),
      );
    });
  });

  describe('bad input: 400 and nothing sent', () => {
    it.each([
      [{ subject: null }, 'subject', 'NotNull'],
      [{ subject: '  ' }, 'subject', 'NotNull'],
      [{ subject: 'Bonjour' }, 'subject', 'Pattern'],
      [{ message: null }, 'message', 'NotBlank'],
      [{ message: '<p><br></p>' }, 'message', 'NotBlank'],
      [{ message: '<script>alert(1)</script>' }, 'message', 'NotBlank'],
      [{ id_police: null }, 'id_police', 'NotNull'],
      [{ id_police: '1001 or 1=1' }, 'id_police', 'Pattern'],
      [{ id_police: '-1' }, 'id_police', 'Pattern'],
      [{ id_police: '9'.repeat(16) }, 'id_police', 'Pattern'],
    ] as const)('%o → %s %s', async (overrides, field, constraint) => {
      const problem = await refused(400, () => send(fields(overrides)));
      expect(problem.fieldErrors).toEqual([{ objectName: 'message', field, message: constraint }]);
    });

    it('accepts every subject of the list, whatever its case', async () => {
      for (const subject of ['Avenant contrat', 'modification coordonnées bancaires', 'AUTRE']) {
        expect((await send(fields({ subject }))).statusCode).toBe(200);
      }
    });

    it('refuses unknown or repeated fields and an over-long message', async () => {
      expect(
        (await refused(400, () => send([...fields(), { name: 'to', value: 'x@example.com' }])))
          .fieldErrors?.[0],
      ).toMatchObject({
        field: 'to',
        message: 'UnknownField',
      });
      expect(
        (await refused(400, () => send([...fields(), { name: 'subject', value: 'Autre' }]))).fieldErrors?.[0],
      ).toMatchObject({
        field: 'subject',
        message: 'Duplicate',
      });
      const long = `<p>${'x'.repeat(200 * 1024)}</p>`;
      expect((await refused(400, () => send(fields({ message: long })))).fieldErrors?.[0]).toMatchObject({
        field: 'message',
        message: 'Size',
      });
    });

    it.each(HOSTILE.slice(0, 4))('refuses the attachment %s', async (name, content) => {
      await refused(400, () =>
        send([...fields(), file('ok.pdf', SAMPLES['attestation.pdf']), file(name, content)]),
      );
    });

    it('refuses 11 files, a file over 10 MB and more than 25 MB in all', async () => {
      const eleven = Array.from({ length: 11 }, (_, i) => file(`f${i}.txt`, `fichier ${i}`));
      await refused(400, () => send([...fields(), ...eleven]));
      await refused(400, () => send([...fields(), file('big.pdf', pdfOfSize(10 * MIB + 1))]));
      const many = [9 * MIB, 9 * MIB, 7 * MIB + 1].map((s, i) => file(`p${i}.pdf`, pdfOfSize(s)));
      await refused(400, () => send([...fields(), ...many]));
    });

    it('checks the files before the policy: a bad file for a foreign policy is still a 400', async () => {
      await refused(400, () => send([...fields({ id_police: '1004' }), file('x.exe', 'MZ')]));
    });
  });
});
