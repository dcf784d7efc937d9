import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/** A titled card of label/value rows (the policy detail's Client, Police, Cotisations...). */
export const FieldCard = ({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  /** Below the rows (a link): a definition list holds only terms and values. */
  footer?: ReactNode;
}) => (
  <Card className="h-100">
    <Card.Header as="h3" className="h6 mb-0">
      {title}
    </Card.Header>
    <Card.Body className="field-card-body">
      <dl className="row mb-0 small">{children}</dl>
      {footer}
    </Card.Body>
  </Card>
);

export const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    {/* On a phone the label sits above its value: side by side, long labels broke mid-word
        and an e-mail address (never broken) ran past the card. */}
    <dt className="col-12 col-sm-6 fw-normal text-body-secondary">{label}</dt>
    <dd className="col-12 col-sm-6 mb-2 mb-sm-1">{children}</dd>
  </>
);
