import type { InsuredPerson } from '@extranet/core';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { formatAmount, formatDate } from '../../shared/format.ts';
import { Icon } from '../../shared/Icon.tsx';
import { eye } from '../../shared/icons.ts';

/** The policy's insured persons, by rank; each opens the 'Détail Assuré' popup. */
export const InsuredTable = ({ insured }: { insured: readonly InsuredPerson[] }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const f = (key: string) => t(`fields.${key}`);
  const rows = [...insured].sort((a, b) => (a.rang ?? 0) - (b.rang ?? 0));
  return (
    <section className="mt-4" aria-labelledby="insured-heading">
      <h3 id="insured-heading" className="h5">
        {t('police.detail.assures')}
      </h3>
      <Table size="sm" striped hover responsive>
        <thead>
          <tr>
            {[
              'rang',
              'nomprenom',
              'dateNaissance',
              'sexe',
              'dateEffet',
              'dateResil',
              'motifResil',
              'cotisationTtc',
            ].map((key) => (
              <th key={key} scope="col">
                {f(key)}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('lists.view')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((person) => (
            <tr key={person.idAssure}>
              <td>{person.rang}</td>
              <td>{person.nomprenom}</td>
              <td>{formatDate(person.dateNaissance)}</td>
              <td>{person.sexe}</td>
              <td>{formatDate(person.dateEffet)}</td>
              <td>{formatDate(person.dateResil)}</td>
              <td>{person.motifResil}</td>
              <td className="text-end">{formatAmount(person.cotisationTtc)}</td>
              <td>
                <Link
                  className="btn btn-sm btn-outline-primary"
                  to={pathTo('policeAssureView', { id: person.idAssure })}
                  state={{ background: location }}
                  aria-label={`${t('lists.view')} ${person.nomprenom ?? ''}`}
                >
                  <Icon shape={eye} />
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
};
