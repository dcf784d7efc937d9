import {
  type FormContext,
  type FormEvent,
  type MessageRef,
  passwordStrength,
  visibleError,
} from '@extranet/core';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import { useMessage } from '../../shared/useMessage.ts';

/** A message that may carry `<strong>` (core's account messages). */
export const RichMessage = ({ message }: { message: MessageRef }) => (
  <Trans i18nKey={message.key} values={message.params} components={{ strong: <strong /> }} />
);

interface FieldProps {
  readonly context: FormContext;
  readonly send: (event: FormEvent) => void;
  readonly name: string;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'password';
  readonly autoComplete?: string;
  readonly autoFocus?: boolean;
  readonly maxLength?: number;
  /** An extra error under the field (the password mismatch). */
  readonly extraError?: MessageRef | null;
}

/** One labelled input of a core form flow; its error shows once the field is dirty (docs/product.md §5). */
export const FlowField = ({
  context,
  send,
  name,
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  maxLength,
  extraError,
}: FieldProps) => {
  const id = useId();
  const translate = useMessage();
  const error = visibleError(context, name) ?? extraError ?? null;
  return (
    <Form.Group className="mb-3" controlId={`${id}-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        name={name}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        maxLength={maxLength}
        value={context.values[name] ?? ''}
        isInvalid={error !== null}
        aria-describedby={error !== null ? `${id}-${name}-error` : undefined}
        onChange={(e) => send({ type: 'field.change', field: name, value: e.target.value })}
      />
      {error !== null && (
        <Form.Control.Feedback type="invalid" id={`${id}-${name}-error`}>
          {translate(error)}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
};

const SEGMENT_COLOURS = ['#dc3545', '#fd7e14', '#ffc107', '#9acd32', '#198754'];

/** 'Password strength:' with 5 segments, `score` of them lit (core's reading (a)). */
export const StrengthBar = ({ password }: { password: string }) => {
  const { t } = useTranslation();
  const { score, level } = passwordStrength(password);
  const label = t('password.strength');
  return (
    <div className="mb-3 d-flex align-items-center gap-2" data-testid="strength-bar" data-score={score}>
      <span className="small">{label}</span>
      <meter className="visually-hidden" min={0} max={5} value={score} aria-label={label}>
        {t(`strength.${level}`)}
      </meter>
      <div className="d-flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <span
            key={i}
            style={{
              width: 28,
              height: 8,
              borderRadius: 2,
              background: i < score ? SEGMENT_COLOURS[score - 1] : '#dee2e6',
            }}
          />
        ))}
      </div>
      <span className="small text-body-secondary">{t(`strength.${level}`)}</span>
    </div>
  );
};
