import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/** A titled card of label/value rows (the policy detail's Client, Police, Cotisations...). */
export const FieldCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card className="h-100">
    <Card.Header as="h3" className="h6 mb-0">
      {title}
    </Card.Header>
    <Card.Body>
      <dl className="row mb-0 small">{children}</dl>
    </Card.Body>
  </Card>
);

export const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt className="col-6 fw-normal text-body-secondary">{label}</dt>
    <dd className="col-6 mb-1">{children}</dd>
  </>
);
