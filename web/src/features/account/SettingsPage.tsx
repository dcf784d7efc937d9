import { type Account, canAccess, languages, provideSettings } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { AlertsCard } from '../alerts/AlertsCard.tsx';
import { AccountingCard } from './AccountingCard.tsx';
import { RichMessage } from './formFlow.tsx';
import { IdentityFields } from './IdentityFields.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { TokensCard } from './TokensCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import { WebhooksCard } from './WebhooksCard.tsx';

const languageNames: Record<string, string> = { fr: 'Français', en: 'English' };

const SettingsForm = ({ account }: { account: Account }) => {
  const { t, i18n } = useTranslation();
  const { runtime, auth } = useServices();
  const logic = useMemo(
    () =>
      provideSettings(runtime, account, (values) => {
        // Saved: reload the identity; a new language applies at once (docs/product.md §4).
        auth.send({ type: 'identity.reload' });
        if (values.langKey !== undefined && values.langKey !== i18n.language)
          i18n.changeLanguage(values.langKey);
      }),
    [runtime, account, auth, i18n],
  );
  const actor = useActorRef(logic, {
    input: {
      values: {
        firstName: account.firstName ?? '',
        lastName: account.lastName ?? '',
        email: account.email ?? '',
        langKey: account.langKey,
      },
    },
  });
  const context = useActorContext(actor);
  const tags = useTags(actor, ['done', 'busy']);
  const f = { context, send: actor.send };
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'submit' });
      }}
    >
      {tags.done && (
        <Alert variant="success">
          <RichMessage message={{ key: 'settings.messages.success' }} />
        </Alert>
      )}
      {context.error !== null && (
        <Alert variant="danger">
          <RichMessage message={context.error} />
        </Alert>
      )}
      <IdentityFields {...f} names={['firstName', 'lastName', 'email']} />
      {languages.length > 0 && (
        <Form.Group className="mb-3" controlId="settings-language">
          <Form.Label>{t('settings.form.language')}</Form.Label>
          <Form.Select
            value={context.values.langKey ?? 'fr'}
            onChange={(e) => actor.send({ type: 'field.change', field: 'langKey', value: e.target.value })}
          >
            {languages.map((language) => (
              <option key={language} value={language}>
                {languageNames[language]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <Button type="submit" disabled={tags.busy}>
        {t('settings.form.button')}
      </Button>
    </Form>
  );
};

/** 'settings': 'User settings for [login]'. */
const SettingsPage = () => {
  const account = useAccount();
  if (account === null) return null;
  return (
    <div className="row justify-content-center">
      <div className="col-lg-6">
        <h1 className="h3">
          <Trans
            i18nKey="settings.title"
            values={{ username: account.login }}
            components={{ strong: <strong /> }}
          />
        </h1>
        <SettingsForm account={account} />
        <TwoFactorCard />
        <SessionsCard />
        <TokensCard />
        <WebhooksCard authorities={account.authorities} />
        {canAccess(account, 'commission') && <AccountingCard />}
        <AlertsCard />
      </div>
    </div>
  );
};

export default SettingsPage;
