import { ssoRefusalOf } from '@extranet/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useServices } from '../../app/ServicesContext.tsx';
import { Loading } from '../../shared/Loading.tsx';
import { takeSsoAttempt } from './ssoAttempt.ts';

/**
 * '#/sso?code=…' or '#/sso?error=…': the server's answer after the provider. The code goes to
 * the auth machine with the verifier kept before leaving (it then loads the account and goes
 * home); a refusal opens the sign-in dialog saying why. The address is replaced at once, so the
 * code stays in no history entry.
 */
const SsoReturnPage = () => {
  const { t } = useTranslation();
  const { auth } = useServices();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const code = params.get('code');
    const attempt = takeSsoAttempt();
    navigate('/', { replace: true });
    if (code !== null && attempt !== undefined) {
      auth.send({ type: 'sso.finish', code, codeVerifier: attempt.verifier, rememberMe: attempt.rememberMe });
    } else {
      // No code, or none begun in this tab: the code cannot be used here.
      auth.send({ type: 'sso.refused', reason: ssoRefusalOf(params.get('error')) ?? 'invalid-handoff' });
    }
  }, [auth, navigate, params]);
  return (
    <div>
      <h1 className="h3 visually-hidden">{t('login.sso.title')}</h1>
      <Loading />
    </div>
  );
};

export default SsoReturnPage;
