import {
  failureMessage,
  features,
  type IdAssure,
  personalDataApi,
  type provideAnonymise,
  provideNirReveal,
} from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';
import { formatDate, formatInstantDate } from '../../shared/format.ts';
import { saveFile } from '../../shared/saveFile.ts';
import { useMessage } from '../../shared/useMessage.ts';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { RichMessage } from '../account/formFlow.tsx';

/**
 * The insured person's rights on their page (docs/security.md "Data protection"): the whole NIR
 * on an explicit click for `nir.reveal` (core's nirReveal machine), the personal-data download
 * (JSON and PDF), and for administrators the anonymisation on request (core's anonymise
 * machine). The server records each of them.
 */
export const PersonalDataCard = ({
  idAssure,
  hasNir,
  anonymiseActor,
}: {
  idAssure: IdAssure;
  /** Whether there is a number to reveal (none once anonymised). */
  hasNir: boolean;
  /** The page's: its outcome outlives the reload of the row it causes. */
  anonymiseActor: ActorRefFrom<ReturnType<typeof provideAnonymise>>;
}) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const { runtime } = useServices();
  const account = useAccount();
  const id = Number(idAssure);
  const revealLogic = useMemo(() => provideNirReveal(runtime), [runtime]);
  const revealActor = useActorRef(revealLogic, { input: { idAssure: id } });
  const reveal = useActorContext(revealActor);
  const revealing = useTags(revealActor, ['busy']);
  const anonymise = useActorContext(anonymiseActor);
  const anonymising = useTags(anonymiseActor, ['busy', 'retained', 'done']);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = (format: 'json' | 'pdf') => {
    setDownloadError(null);
    runtime
      .run(personalDataApi.download(id, format))
      .then(saveFile, (error: unknown) => setDownloadError(translate(failureMessage(error))));
  };
  const { anonymisedAt } = anonymise;
  const retainedText =
    anonymise.retainedUntil !== null
      ? t('personalData.anonymise.retained', { date: formatDate(anonymise.retainedUntil) })
      : t('personalData.anonymise.running');
  return (
    <Card className="mt-3" as="section" aria-labelledby="personal-data-title">
      <Card.Body>
        <Card.Title as="h2" className="h5" id="personal-data-title">
          {t('personalData.title')}
        </Card.Title>
        <p className="small text-body-secondary">{t('personalData.intro')}</p>
        {reveal.nir !== null && (
          <p role="status">
            {/* The number unbroken; the sentence wraps on a phone. */}
            <Trans
              i18nKey="personalData.revealed"
              values={{ nir: reveal.nir }}
              components={{ nir: <span className="nobreak" /> }}
            />
          </p>
        )}
        <div className="d-flex flex-wrap gap-2">
          {features(account).nirReveal && hasNir && reveal.nir === null && (
            <Button
              variant="outline-secondary"
              disabled={revealing.busy}
              onClick={() => revealActor.send({ type: 'reveal' })}
              title={t('personalData.revealNote')}
            >
              {t('personalData.reveal')}
            </Button>
          )}
          <Button variant="outline-primary" onClick={() => download('json')}>
            {t('personalData.json')}
          </Button>
          <Button variant="outline-primary" onClick={() => download('pdf')}>
            {t('personalData.pdf')}
          </Button>
          {features(account).personalDataAdmin && (
            <Button
              variant="outline-danger"
              disabled={anonymising.busy}
              onClick={() => anonymiseActor.send({ type: 'anonymise' })}
            >
              {anonymising.retained ? t('personalData.anonymise.force') : t('personalData.anonymise.action')}
            </Button>
          )}
        </div>
        {reveal.error !== null && (
          <Alert variant="danger" className="mt-2 mb-0">
            <RichMessage message={reveal.error} />
          </Alert>
        )}
        {downloadError !== null && (
          <Alert variant="danger" className="mt-2 mb-0">
            {downloadError}
          </Alert>
        )}
        {anonymising.retained && (
          <Alert variant="info" className="mt-2 mb-0" data-testid="anonymise-note">
            {retainedText}
          </Alert>
        )}
        {anonymising.done && anonymisedAt !== null && (
          <Alert variant="success" className="mt-2 mb-0" data-testid="anonymise-note">
            {t('personalData.anonymise.done', { date: formatInstantDate(anonymisedAt) })}
          </Alert>
        )}
        {anonymise.error !== null && (
          <Alert variant="danger" className="mt-2 mb-0">
            <RichMessage message={anonymise.error} />
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
};
