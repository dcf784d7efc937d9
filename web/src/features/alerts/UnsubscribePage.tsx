import {
  CONTRACT,
  call,
  type LoadFailure,
  loadFailure,
  shownByScreen,
  type UnsubscribeTarget,
} from '@extranet/core';
import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useServices } from '../../app/ServicesContext.tsx';
import { Loading } from '../../shared/Loading.tsx';
import { LoadFailureView } from '../errors/LoadFailureView.tsx';

type Step =
  | { readonly kind: 'loading' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'failed'; readonly failure: LoadFailure }
  | { readonly kind: 'ask' | 'done'; readonly target: UnsubscribeTarget };

/**
 * `#/unsubscribe?token=…`, the digest's link, without signing in: opening it only asks (a mail
 * scanner following the link changes nothing); the button unsubscribes (docs/insight.md "Alerts").
 */
const UnsubscribePage = () => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  // A changed token is a 400 (notFound): the link is not valid; anything else may pass on a retry.
  const failed = (error: unknown): Step => {
    const failure = loadFailure(error);
    return failure.kind === 'notFound' ? { kind: 'invalid' } : { kind: 'failed', failure };
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: round asks again
  useEffect(() => {
    const controller = new AbortController();
    runtime
      .run(shownByScreen(call(CONTRACT.alerts.unsubscribeTarget, { query: { token } })), controller.signal)
      .then(
        (target) => setStep({ kind: 'ask', target }),
        (error: unknown) => {
          if (!controller.signal.aborted) setStep(failed(error));
        },
      );
    return () => controller.abort();
  }, [runtime, token, round]);
  const confirm = async (target: UnsubscribeTarget) => {
    setBusy(true);
    try {
      await runtime.run(shownByScreen(call(CONTRACT.alerts.unsubscribe, { query: { token } })));
      setStep({ kind: 'done', target: { ...target, digest: false } });
    } catch (error) {
      setStep(failed(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="row justify-content-center">
      <div className="col-lg-6">
        <h1 className="h3">{t('alerts.unsubscribe.title')}</h1>
        {step.kind === 'loading' && <Loading />}
        {step.kind === 'invalid' && (
          <Alert variant="danger" data-testid="unsubscribe-invalid">
            {t('alerts.unsubscribe.invalid')}
          </Alert>
        )}
        {step.kind === 'failed' && (
          <LoadFailureView
            failure={step.failure}
            retry={() => {
              setStep({ kind: 'loading' });
              setRound((n) => n + 1);
            }}
          />
        )}
        {step.kind === 'ask' && !step.target.digest && (
          <Alert variant="info">{t('alerts.unsubscribe.already', { email: step.target.email })}</Alert>
        )}
        {step.kind === 'ask' && step.target.digest && (
          <>
            <p>{t('alerts.unsubscribe.question', { email: step.target.email })}</p>
            <Button disabled={busy} onClick={() => void confirm(step.target)}>
              {t('alerts.unsubscribe.confirm')}
            </Button>
          </>
        )}
        {step.kind === 'done' && (
          <Alert variant="success" data-testid="unsubscribe-done">
            {t('alerts.unsubscribe.done', { email: step.target.email })}
          </Alert>
        )}
      </div>
    </div>
  );
};

export default UnsubscribePage;
