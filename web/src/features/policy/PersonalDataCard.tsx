import { failureMessage, features, type IdAssure, isApiError, personalDataApi } from '@extranet/core';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';
import { NoBreak } from '../../shared/FieldValue.tsx';
import { formatDate } from '../../shared/format.ts';
import { saveFile } from '../../shared/saveFile.ts';
import { useMessage } from '../../shared/useMessage.ts';

type Note = { readonly variant: 'success' | 'danger' | 'info'; readonly text: string };

/**
 * The insured person's rights on their page (docs/security.md "Data protection"): the whole NIR
 * on an explicit click for `nir.reveal`, the personal-data download (JSON and PDF), and for
 * administrators the anonymisation on request. The server records each of them.
 */
export const PersonalDataCard = ({
  idAssure,
  onAnonymised,
}: {
  idAssure: IdAssure;
  onAnonymised: () => void;
}) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const { runtime } = useServices();
  const account = useAccount();
  const [nir, setNir] = useState<string | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [forcing, setForcing] = useState(false);
  const id = Number(idAssure);
  const failed = (error: unknown) => setNote({ variant: 'danger', text: translate(failureMessage(error)) });
  const reveal = () =>
    runtime.run(personalDataApi.revealNir(id)).then((answer) => setNir(answer.numeroSecu ?? ''), failed);
  const download = (format: 'json' | 'pdf') =>
    runtime.run(personalDataApi.download(id, format)).then(saveFile, failed);
  const anonymise = (force: boolean) =>
    runtime.run(personalDataApi.anonymise(id, force)).then(
      (answer) => {
        setForcing(false);
        setNote({
          variant: 'success',
          text: t('personalData.anonymise.done', { date: formatDate(answer.anonymisedAt) }),
        });
        onAnonymised();
      },
      (error: unknown) => {
        if (!isApiError(error) || error._tag !== 'HttpError' || error.status !== 409) return failed(error);
        const until = (error.problem?.params as { retainedUntil?: string | null } | undefined)?.retainedUntil;
        setForcing(true);
        setNote({
          variant: 'info',
          text: until
            ? t('personalData.anonymise.retained', { date: formatDate(until) })
            : t('personalData.anonymise.running'),
        });
      },
    );
  return (
    <Card className="mt-3" as="section" aria-labelledby="personal-data-title">
      <Card.Body>
        <Card.Title as="h2" className="h5" id="personal-data-title">
          {t('personalData.title')}
        </Card.Title>
        <p className="small text-body-secondary">{t('personalData.intro')}</p>
        {nir !== null && (
          <p role="status">
            <NoBreak>{t('personalData.revealed', { nir })}</NoBreak>
          </p>
        )}
        <div className="d-flex flex-wrap gap-2">
          {features(account).nirReveal && nir === null && (
            <Button variant="outline-secondary" onClick={reveal} title={t('personalData.revealNote')}>
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
            <Button variant="outline-danger" onClick={() => anonymise(forcing)}>
              {forcing ? t('personalData.anonymise.force') : t('personalData.anonymise.action')}
            </Button>
          )}
        </div>
        {note !== null && (
          <Alert variant={note.variant} className="mt-2 mb-0">
            {note.text}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
};
