import type { Enrolment } from '@extranet/core';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The code field of sign-in's second step, with the QR code first when enrolling. */
export const SecondFactorStep = ({
  enrolment,
  code,
  onCode,
}: {
  enrolment: Enrolment | null;
  code: string;
  onCode: (code: string) => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      {enrolment !== null && <EnrolmentQr enrolment={enrolment} />}
      <Form.Group className="mb-3" controlId="sign-in-code">
        <Form.Label>{t('login.twoFactor.code')}</Form.Label>
        <Form.Control
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          required
          maxLength={20}
          value={code}
          onChange={(e) => onCode(e.target.value)}
          aria-describedby="sign-in-code-help"
        />
        <Form.Text id="sign-in-code-help">{t('login.twoFactor.codeHelp')}</Form.Text>
      </Form.Group>
    </>
  );
};

/** The QR code of a new secret, and the secret to type by hand. */
export const EnrolmentQr = ({ enrolment }: { enrolment: Enrolment }) => {
  const { t } = useTranslation();
  return (
    <div className="mb-3">
      <h3 className="h6">{t('login.twoFactor.enrolTitle')}</h3>
      <p className="small">{t('login.twoFactor.enrolHelp')}</p>
      <img
        src={enrolment.qrCode}
        alt={t('login.twoFactor.qrAlt')}
        width={180}
        height={180}
        className="d-block mx-auto border"
        data-testid="two-factor-qr"
      />
      <p className="small text-break mt-2" data-testid="two-factor-secret" data-secret={enrolment.secret}>
        {t('login.twoFactor.secret', { secret: enrolment.secret })}
      </p>
    </div>
  );
};

/** The ten recovery codes, shown once. */
export const RecoveryCodes = ({ codes }: { codes: readonly string[] }) => {
  const { t } = useTranslation();
  return (
    <div>
      <h3 className="h6">{t('login.twoFactor.recoveryTitle')}</h3>
      <p className="small">{t('login.twoFactor.recoveryHelp')}</p>
      <ul className="list-unstyled font-monospace row row-cols-2 g-1" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
};
