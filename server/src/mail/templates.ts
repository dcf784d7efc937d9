/**
 * The account mails (activation, password reset, account created by an administrator), in
 * the user's language: French by default, English when the account's langKey is `en`.
 */
import type { MailMessage } from './mailer.ts';

export interface MailUser {
  readonly login: string;
  readonly email: string;
  readonly firstName?: string | null;
  readonly langKey?: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

type Lang = 'fr' | 'en';
const langOf = (user: MailUser): Lang => (user.langKey?.toLowerCase().startsWith('en') ? 'en' : 'fr');

const TEXT = {
  fr: {
    greeting: (name: string) => `Bonjour ${name},`,
    activation: {
      subject: 'Activation de votre compte extranet',
      body: 'Votre compte a été créé. Cliquez sur le lien ci-dessous pour l’activer :',
    },
    reset: {
      subject: 'Réinitialisation de votre mot de passe extranet',
      body: 'Une réinitialisation de votre mot de passe a été demandée. Ce lien est valable 24 heures :',
    },
    creation: {
      subject: 'Votre compte extranet a été créé',
      body: 'Un administrateur a créé votre compte. Choisissez votre mot de passe avec ce lien (valable 24 heures) :',
    },
    signature: 'L’équipe extranet',
  },
  en: {
    greeting: (name: string) => `Dear ${name},`,
    activation: {
      subject: 'Extranet account activation',
      body: 'Your account has been created. Please click the link below to activate it:',
    },
    reset: {
      subject: 'Extranet password reset',
      body: 'A password reset was requested for your account. This link is valid for 24 hours:',
    },
    creation: {
      subject: 'Your extranet account has been created',
      body: 'An administrator created your account. Choose your password with this link (valid for 24 hours):',
    },
    signature: 'The extranet team',
  },
} as const;

function mail(user: MailUser, kind: 'activation' | 'reset' | 'creation', link: string): MailMessage {
  const t = TEXT[langOf(user)];
  const name = user.firstName || user.login;
  const text = `${t.greeting(name)}\n\n${t[kind].body}\n${link}\n\n${t.signature}\n`;
  const html = `<!doctype html><html><body><p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t[kind].body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(t.signature)}</p></body></html>`;
  return { to: user.email, subject: t[kind].subject, text, html };
}

export const activationMail = (user: MailUser, baseUrl: string, key: string) =>
  mail(user, 'activation', `${baseUrl}/#/activate?key=${encodeURIComponent(key)}`);

export const resetMail = (user: MailUser, baseUrl: string, key: string) =>
  mail(user, 'reset', `${baseUrl}/#/reset/finish?key=${encodeURIComponent(key)}`);

export const creationMail = (user: MailUser, baseUrl: string, key: string) =>
  mail(user, 'creation', `${baseUrl}/#/reset/finish?key=${encodeURIComponent(key)}`);
