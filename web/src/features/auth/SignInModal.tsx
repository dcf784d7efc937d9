import { CONTRACT, call } from '@extranet/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAuth, useServices } from '../../app/ServicesContext.tsx';
import { RecoveryCodes, SecondFactorStep } from './SecondFactorStep.tsx';
import { beginSso } from './ssoAttempt.ts';

/** The provider's name when single sign-on is offered (asked when the dialog opens). */
const useSsoProvider = (open: boolean): string | null => {
  const { runtime } = useServices();
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    runtime.run(call(CONTRACT.sso.provider, {}), controller.signal).then(
      (provider) => setName(provider.configured ? provider.displayName : null),
      () => setName(null),
    );
    return () => controller.abort();
  }, [open, runtime]);
  return name;
};

/**
 * The sign-in modal (docs/product.md §2 "Account screens"), a view over core's auth machine: the password,
 * then the code when the server asks for one (with the QR code when enrolling), then the recovery
 * codes of an enrolment made there.
 */
export const SignInModal = () => {
  const { t } = useTranslation();
  const { auth } = useServices();
  const open = useAuth((s) => s.hasTag('modalOpen'));
  const busy = useAuth((s) => s.hasTag('busy'));
  const error = useAuth((s) => s.context.error);
  const sessionEnded = useAuth((s) => s.context.sessionEnded);
  const secondFactor = useAuth((s) => s.hasTag('secondFactor'));
  const challenge = useAuth((s) => s.context.challenge);
  const recoveryCodes = useAuth((s) => (s.hasTag('recoveryCodes') ? s.context.recoveryCodes : null));
  const [code, setCode] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const ssoProvider = useSsoProvider(open);

  const close = () => auth.send({ type: 'modal.close' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (recoveryCodes !== null) auth.send({ type: 'recoveryCodes.ack' });
    else if (secondFactor) {
      auth.send({ type: 'code.submit', code: code.trim() });
      setCode('');
    } else auth.send({ type: 'signIn.submit', credentials: { username, password, rememberMe } });
  };
  const passwordStep = !secondFactor && recoveryCodes === null;
  const canSubmit =
    recoveryCodes !== null || (secondFactor ? code.trim() !== '' : username !== '' && password !== '');

  return (
    <Modal
      show={open}
      onHide={close}
      onExited={() => {
        setPassword('');
        setCode('');
      }}
      aria-labelledby="sign-in-title"
      centered
    >
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('web.close')}>
          <Modal.Title id="sign-in-title" as="h2" className="h5">
            {t('login.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {sessionEnded && (
            <Alert variant="warning" data-testid="session-ended">
              {t('login.messages.sessionEnded')}
            </Alert>
          )}
          {error !== null && (
            <Alert variant="danger" data-testid="sign-in-error">
              <Trans i18nKey={error.key} values={error.params} />
            </Alert>
          )}
          {secondFactor && (
            <SecondFactorStep
              enrolment={challenge?.kind === 'enrol' ? challenge.enrolment : null}
              code={code}
              onCode={setCode}
            />
          )}
          {recoveryCodes !== null && <RecoveryCodes codes={recoveryCodes} />}
          {passwordStep && (
            <PasswordStep
              {...{ username, setUsername, password, setPassword, rememberMe, setRememberMe, close }}
            />
          )}
          {passwordStep && ssoProvider !== null && (
            <SsoChoice provider={ssoProvider} disabled={busy} onChoose={() => void beginSso(rememberMe)} />
          )}
        </Modal.Body>
        <Modal.Footer>
          {recoveryCodes === null && (
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('login.form.cancel')}
            </Button>
          )}
          <Button type="submit" variant="primary" disabled={busy || !canSubmit}>
            {recoveryCodes !== null
              ? t('login.twoFactor.recoveryDone')
              : secondFactor
                ? t('login.twoFactor.verify')
                : t('login.form.button')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
};

interface PasswordStepProps {
  readonly username: string;
  readonly setUsername: (value: string) => void;
  readonly password: string;
  readonly setPassword: (value: string) => void;
  readonly rememberMe: boolean;
  readonly setRememberMe: (value: boolean) => void;
  readonly close: () => void;
}

const PasswordStep = (p: PasswordStepProps) => {
  const { t } = useTranslation();
  const { username, setUsername, password, setPassword, rememberMe, setRememberMe, close } = p;
  return (
    <>
      <Form.Group className="mb-3" controlId="sign-in-username">
        <Form.Label>{t('login.form.username')}</Form.Label>
        <Form.Control
          name="username"
          autoComplete="username"
          autoFocus
          required
          maxLength={50}
          placeholder={t('login.form.usernamePlaceholder')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="sign-in-password">
        <Form.Label>{t('login.form.password')}</Form.Label>
        <Form.Control
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={100}
          placeholder={t('login.form.passwordPlaceholder')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Form.Group>
      <Form.Check
        id="sign-in-remember"
        label={t('login.form.rememberme')}
        checked={rememberMe}
        onChange={(e) => setRememberMe(e.target.checked)}
      />
      <div className="mt-3 small">
        <Link to={pathTo('resetRequest')} onClick={close}>
          {t('login.password.forgot')}
        </Link>
      </div>
      <div className="small">
        {t('login.register.prefix')}{' '}
        <Link to={pathTo('register')} onClick={close}>
          {t('login.register.link')}
        </Link>
      </div>
    </>
  );
};

/** "Sign in with <provider>": leaves for the provider (remember-me applies to that sign-in too). */
const SsoChoice = (p: {
  readonly provider: string;
  readonly disabled: boolean;
  readonly onChoose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className="mt-3 text-center" data-testid="sso-choice">
      <div className="small text-body-secondary mb-2">{t('login.sso.or')}</div>
      <Button
        type="button"
        variant="outline-primary"
        className="w-100"
        disabled={p.disabled}
        onClick={p.onChoose}
      >
        {t('login.sso.button', { provider: p.provider })}
      </Button>
    </div>
  );
};
