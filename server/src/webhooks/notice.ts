/** The mail telling an endpoint's owner it was switched off, in their language (French by default). */
import type { MailMessage } from '../mail/mailer.ts';

export interface NoticeOwner {
  readonly login: string;
  readonly email: string | null;
  readonly first_name: string | null;
  readonly lang_key: string | null;
}

export function disabledNotice(
  owner: NoticeOwner,
  url: string,
  failures: number,
  error: string,
): MailMessage {
  const name = owner.first_name || owner.login;
  if (owner.lang_key?.toLowerCase().startsWith('en'))
    return {
      to: owner.email!,
      subject: 'Extranet webhook switched off',
      text: [
        `Dear ${name},`,
        '',
        `Your webhook ${url} failed ${failures} times in a row (last: ${error}) and has been switched off.`,
        'Events are no longer sent to it. Switch it on again from your settings once the receiver answers.',
        '',
        'The extranet team',
      ].join('\n'),
    };
  return {
    to: owner.email!,
    subject: 'Webhook extranet désactivé',
    text: [
      `Bonjour ${name},`,
      '',
      `Votre webhook ${url} a échoué ${failures} fois de suite (dernière erreur : ${error}) et a été désactivé.`,
      'Les événements ne lui sont plus envoyés. Réactivez-le depuis vos paramètres quand le destinataire répond.',
      '',
      'L’équipe extranet',
    ].join('\n'),
  };
}
