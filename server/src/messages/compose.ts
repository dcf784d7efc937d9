/**
 * The mail to after-sales: a header naming the client file and the sender (every value
 * escaped), then the broker's sanitized message, with the checked attachments. In French, the
 * language of the after-sales teams.
 */
import type { Principal } from '../auth/plugin.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { CheckedFile } from './read-form.ts';
import { escapeHtml } from './sanitize.ts';

export interface AfterSalesMessage {
  readonly to: string;
  readonly subject: string;
  /** Sanitized HTML. */
  readonly html: string;
  readonly text: string;
  readonly policy: Readonly<Record<string, unknown>>;
  readonly sender: Principal;
  readonly files: readonly CheckedFile[];
}

const value = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));
/** Header values on one line: a line break there could forge mail headers in some readers. */
const oneLine = (v: string) => v.replace(/[\r\n\t]+/g, ' ').trim();

export function composeAfterSalesMail(message: AfterSalesMessage): MailMessage {
  const { policy, sender } = message;
  const reference = value(policy.police ?? policy.idPolice);
  const rows: [string, string][] = [
    ['Objet', message.subject],
    ['Police', `${reference} (n° ${value(policy.idPolice)})`],
    ['Assuré', value(policy.nomprenom)],
    ['Produit', `${value(policy.risque)} / ${value(policy.gamme)} / ${value(policy.formule)}`],
    ['Courtier', `${value(policy.courtier)} (${value(policy.codeCourtierPortail)})`],
    ['Envoyé par', `${sender.login}${sender.email ? ` <${sender.email}>` : ''}`],
    ['Marque', value(sender.marque)],
  ];
  const files = message.files.map((f) => `${f.name} (${f.size} octets)`);
  const html = [
    '<p>Message envoyé depuis l’extranet courtiers pour le dossier client ci-dessous.</p>',
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    '<hr>',
    message.html,
    ...(files.length
      ? [
          '<hr>',
          '<p>Pièces jointes :</p>',
          `<ul>${files.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
        ]
      : []),
  ].join('\n');
  const text = [
    'Message envoyé depuis l’extranet courtiers pour le dossier client ci-dessous.',
    '',
    ...rows.map(([k, v]) => `${k} : ${v}`),
    '',
    '----',
    message.text,
    ...(files.length ? ['', '----', 'Pièces jointes :', ...files.map((f) => `- ${f}`)] : []),
  ].join('\n');
  return {
    to: message.to,
    subject: oneLine(`[Extranet] ${message.subject} - police ${reference} - ${value(policy.nomprenom)}`),
    text,
    html,
    ...(sender.email ? { replyTo: sender.email } : {}),
    attachments: message.files.map((f) => ({ filename: f.name, content: f.content, contentType: f.mime })),
  };
}
