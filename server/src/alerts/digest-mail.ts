/**
 * The daily digest mail in the user's language (French unless the account's langKey is `en`,
 * as mail/templates.ts decides): the new events, oldest first, each linking to its policy; a
 * link to the timeline filtered to the chosen types, to the alert settings, and the unsubscribe
 * link, also offered to mail clients as RFC 8058 one-click headers (a POST, never a GET).
 */
import { policies as enPolicies } from '@extranet/core/i18n/en/policies.ts';
import { policies as frPolicies } from '@extranet/core/i18n/fr/policies.ts';
import type { MailMessage } from '../mail/mailer.ts';

export interface DigestEvent {
  readonly id: number;
  readonly time: Date;
  readonly idPolice: number | null;
  readonly police: string | null;
  readonly nomprenom: string | null;
  readonly typeMessage: string;
  readonly message: string | null;
}

export interface DigestInput {
  readonly email: string;
  readonly name: string;
  readonly langKey: string | null;
  readonly types: readonly string[];
  /** The events listed (at most the digest's limit), oldest first. */
  readonly events: readonly DigestEvent[];
  /** All the new events, listed or not. */
  readonly total: number;
  readonly baseUrl: string;
  readonly unsubscribeToken: string;
}

type Lang = 'fr' | 'en';

const TEXT = {
  fr: {
    subject: (n: number) =>
      n === 1
        ? 'Extranet : 1 nouvel événement sur vos contrats'
        : `Extranet : ${n} nouveaux événements sur vos contrats`,
    greeting: (name: string) => `Bonjour ${name},`,
    intro: 'Voici les nouveaux événements de vos alertes depuis le dernier récapitulatif :',
    more: (n: number) => `… et ${n} autre(s) événement(s).`,
    timeline: 'Les voir dans la timeline :',
    settings: 'Choisir vos alertes :',
    unsubscribe: 'Ne plus recevoir ce récapitulatif :',
    policy: 'Voir la police',
    signature: 'L’équipe extranet',
    locale: 'fr-FR',
  },
  en: {
    subject: (n: number) =>
      n === 1 ? 'Extranet: 1 new event on your policies' : `Extranet: ${n} new events on your policies`,
    greeting: (name: string) => `Dear ${name},`,
    intro: 'Here are the new events of your alerts since the last digest:',
    more: (n: number) => `… and ${n} more event(s).`,
    timeline: 'See them in the timeline:',
    settings: 'Choose your alerts:',
    unsubscribe: 'Stop this digest:',
    policy: 'See the policy',
    signature: 'The extranet team',
    locale: 'en-GB',
  },
} as const;

const LABELS = { fr: frPolicies.eventType, en: enPolicies.eventType } as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const unsubscribePageUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/#/unsubscribe?token=${encodeURIComponent(token)}`;
export const oneClickUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;

export function digestMail(input: DigestInput): MailMessage {
  const lang: Lang = input.langKey?.toLowerCase().startsWith('en') ? 'en' : 'fr';
  const t = TEXT[lang];
  const label = (type: string) => LABELS[lang][type as keyof (typeof LABELS)['fr']] ?? type;
  const when = (time: Date) =>
    time.toLocaleString(t.locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
  const policyUrl = (event: DigestEvent) =>
    event.idPolice === null ? null : `${input.baseUrl}/#/police/${event.idPolice}`;
  const timelineUrl = `${input.baseUrl}/#/timeline?typeMessage.in=${input.types.join(',')}`;
  const settingsUrl = `${input.baseUrl}/#/settings`;
  const unsubscribeUrl = unsubscribePageUrl(input.baseUrl, input.unsubscribeToken);
  const more = input.total - input.events.length;
  const lineOf = (event: DigestEvent) =>
    [label(event.typeMessage), when(event.time), event.police, event.nomprenom, event.message]
      .filter((part) => part !== null && part !== '')
      .join(' — ');

  const text = [
    t.greeting(input.name),
    '',
    t.intro,
    '',
    ...input.events.flatMap((event) => {
      const url = policyUrl(event);
      return [`- ${lineOf(event)}`, ...(url ? [`  ${url}`] : [])];
    }),
    ...(more > 0 ? ['', t.more(more)] : []),
    '',
    `${t.timeline} ${timelineUrl}`,
    `${t.settings} ${settingsUrl}`,
    `${t.unsubscribe} ${unsubscribeUrl}`,
    '',
    t.signature,
    '',
  ].join('\n');

  const link = (url: string, words: string) => `<a href="${escapeHtml(url)}">${escapeHtml(words)}</a>`;
  const html = [
    `<!doctype html><html lang="${lang}"><body>`,
    `<p>${escapeHtml(t.greeting(input.name))}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    '<ul>',
    ...input.events.map((event) => {
      const url = policyUrl(event);
      return `<li>${escapeHtml(lineOf(event))}${url ? ` — ${link(url, t.policy)}` : ''}</li>`;
    }),
    '</ul>',
    ...(more > 0 ? [`<p>${escapeHtml(t.more(more))}</p>`] : []),
    `<p>${escapeHtml(t.timeline)} ${link(timelineUrl, timelineUrl)}</p>`,
    `<p>${escapeHtml(t.settings)} ${link(settingsUrl, settingsUrl)}</p>`,
    `<p>${escapeHtml(t.unsubscribe)} ${link(unsubscribeUrl, unsubscribeUrl)}</p>`,
    `<p>${escapeHtml(t.signature)}</p>`,
    '</body></html>',
  ].join('\n');

  return {
    to: input.email,
    subject: t.subject(input.total),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl(input.baseUrl, input.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
