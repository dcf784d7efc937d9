import { type Policy, policeApi } from '@extranet/core';
import { useState } from 'react';
import { Button, Form, InputGroup, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { ApiView } from '../../shared/ApiView.tsx';
import { useApi } from '../../shared/useApi.ts';

const SHOWN = 10;

/** The client files matching a search, each a link to the message form about it. */
const Matches = ({ q }: { q: string }) => {
  const { t } = useTranslation();
  const { state, reload } = useApi(
    () => policeApi.list({ filters: {}, q, preset: null, sort: [], page: 0, size: SHOWN }),
    [q],
  );
  return (
    <ApiView state={state} reload={reload}>
      {(page) =>
        page.items.length === 0 ? (
          <p>{t('message.pick.none')}</p>
        ) : (
          <>
            <ListGroup as="ul" aria-label={t('message.pick.title')} data-testid="client-matches">
              {page.items.map((policy: Policy) => (
                <ListGroup.Item as="li" key={policy.idPolice}>
                  <Link to={`${pathTo('message')}?idPolice=${policy.idPolice}`}>
                    <span className="text-nowrap">{policy.police}</span> — {policy.nomprenom}
                  </Link>
                  <span className="text-body-secondary small ms-2">{policy.risque}</span>
                </ListGroup.Item>
              ))}
            </ListGroup>
            {page.total > page.items.length && (
              <p className="small text-body-secondary mt-2">
                {t('message.pick.more', { total: page.total })}
              </p>
            )}
          </>
        )
      }
    </ApiView>
  );
};

/**
 * `#/message` without a client file: the user finds it by name or policy number (the list's
 * global search), the search kept in the address (`?q=`) so Back returns to the matches.
 */
export const ClientPicker = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  return (
    <div>
      <h1 className="h4">{t('message.pick.title')}</h1>
      <Form
        role="search"
        className="mb-3"
        style={{ maxWidth: 480 }}
        onSubmit={(e) => {
          e.preventDefault();
          setParams(typed.trim() === '' ? {} : { q: typed.trim() });
        }}
      >
        <InputGroup>
          <Form.Control
            aria-label={t('message.pick.search')}
            placeholder={t('message.pick.search')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoFocus
          />
          <Button type="submit">{t('message.pick.find')}</Button>
        </InputGroup>
      </Form>
      {q !== '' && <Matches q={q} />}
    </div>
  );
};
