/**
 * The mail of each dispute step, in the recipient's language (French unless the account's
 * langKey is English): a step by the broker goes to every back-office account, a step by the
 * back office (or a settlement by an imported statement) to the broker who opened it. Queued in
 * the step's transaction (mail/pending.ts `queueMail`), so a refused step mails nothing.
 */
import type { DisputeEntryKind } from '@extranet/core/domain/dispute.ts';
import type { Queryable } from '../db/types.ts';
import { queueMail } from '../mail/pending.ts';

type Kind = typeof DisputeEntryKind.Type;
type Lang = 'fr' | 'en';

interface Recipient {
  readonly email: string;
  readonly first_name: string | null;
  readonly login: string;
  readonly lang_key: string | null;
}

const WHAT: Readonly<Record<Lang, Readonly<Record<Kind, string>>>> = {
  fr: {
    OPENED: 'a été ouvert',
    MESSAGE: 'a reçu un message',
    INFO_REQUESTED: 'attend des informations complémentaires',
    ACCEPTED: 'a été accepté',
    REJECTED: 'a été refusé',
    REOPENED: 'a été rouvert',
    SETTLED: 'est réglé : la correction figure sur un bordereau',
  },
  en: {
    OPENED: 'was opened',
    MESSAGE: 'has a new message',
    INFO_REQUESTED: 'needs more information',
    ACCEPTED: 'was accepted',
    REJECTED: 'was rejected',
    REOPENED: 'was reopened',
    SETTLED: 'is settled: a statement carries the correction',
  },
};

const TEXT = {
  fr: {
    subject: (id: number, what: string) => `Litige n° ${id} : ${what}`,
    greeting: (name: string) => `Bonjour ${name},`,
    line: (id: number, police: string, what: string) => `Le litige n° ${id}${police} ${what}.`,
    police: (p: string) => ` (police ${p})`,
    open: 'Retrouvez-le dans l’extranet, menu Litiges.',
    signature: 'L’équipe extranet',
  },
  en: {
    subject: (id: number, what: string) => `Dispute #${id} ${what}`,
    greeting: (name: string) => `Dear ${name},`,
    line: (id: number, police: string, what: string) => `Dispute #${id}${police} ${what}.`,
    police: (p: string) => ` (policy ${p})`,
    open: 'Find it in the extranet, Disputes menu.',
    signature: 'The extranet team',
  },
} as const;

const langOf = (key: string | null): Lang => (key?.toLowerCase().startsWith('en') ? 'en' : 'fr');

/** Who is told of a step: the back office for the broker's, the opener for the others. */
async function recipients(tx: Queryable, toInsurer: boolean, openedBy: string): Promise<Recipient[]> {
  return toInsurer
    ? tx.query<Recipient & Record<string, unknown>>(
        `select u.email, u.first_name, u.login, u.lang_key from users u
         join user_authority a on a.user_id = u.id and a.authority_name = 'ROLE_GESTION'
         where u.activated and u.email is not null order by u.login`,
      )
    : tx.query<Recipient & Record<string, unknown>>(
        `select email, first_name, login, lang_key from users
         where login = $1 and activated and email is not null`,
        [openedBy],
      );
}

export interface StepMail {
  readonly id: number;
  readonly police: string | null;
  readonly openedBy: string;
  readonly kind: Kind;
  /** The step's message, quoted in the mail. */
  readonly message: string;
  /** Whether the step is the broker's (then the back office is told). */
  readonly byBroker: boolean;
}

/** Queues the step's mails; returns how many. */
export async function queueStepMails(tx: Queryable, step: StepMail): Promise<number> {
  const to = await recipients(tx, step.byBroker, step.openedBy);
  for (const user of to) {
    const lang = langOf(user.lang_key);
    const t = TEXT[lang];
    const what = WHAT[lang][step.kind];
    const police = step.police ? t.police(step.police) : '';
    const text = [
      t.greeting(user.first_name || user.login),
      '',
      t.line(step.id, police, what),
      ...(step.message ? ['', ...step.message.split('\n').map((l) => `> ${l}`)] : []),
      '',
      t.open,
      '',
      t.signature,
      '',
    ].join('\n');
    await queueMail(tx, { to: user.email, subject: t.subject(step.id, what), text });
  }
  return to.length;
}
