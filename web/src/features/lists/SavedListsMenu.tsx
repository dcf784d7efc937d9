import { type ListSpec, savedAddress, savedQuery } from '@extranet/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Alert, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Icon } from '../../shared/Icon.tsx';
import { bookmarkStar, gear, plusCircle } from '../../shared/icons.ts';
import { useMessage } from '../../shared/useMessage.ts';
import { ManageSavedLists, SaveListDialog } from './SavedListsDialogs.tsx';
import type { SavedListsActor } from './SavedListsGate.tsx';

/**
 * 'Listes enregistrées' in a list's toolbar (docs/insight.md): apply one (a new history entry,
 * so Back returns to the list before), save the current address under a name, manage them.
 * The list's address is read and written where its spec places it (a statement's lines: beside
 * the statement's own parameters, which applying keeps).
 */
export const SavedListsMenu = ({ saved, spec }: { saved: SavedListsActor; spec: ListSpec }) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const location = useLocation();
  const navigate = useNavigate();
  const items = useSelector(saved, (s) => s.context.items) ?? [];
  const error = useSelector(saved, (s) => s.context.error);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const s = (key: string) => t(`insight.savedLists.${key}`);
  const route = [...new URLSearchParams(location.search).entries()];
  const apply = (query: string) => {
    const search = savedAddress(route, query, spec.address);
    navigate({ pathname: location.pathname, search: search === '' ? '' : `?${search}` });
  };
  const current = savedQuery(route, spec.address);
  return (
    <>
      <Dropdown>
        <Dropdown.Toggle size="sm" variant="outline-secondary" id="saved-lists">
          <Icon shape={bookmarkStar} className="me-1" />
          {s('menu')}
        </Dropdown.Toggle>
        <Dropdown.Menu style={{ maxHeight: 360, overflowY: 'auto' }}>
          {items.length === 0 && (
            <Dropdown.ItemText className="text-body-secondary">{s('none')}</Dropdown.ItemText>
          )}
          {items.map((item) => (
            <Dropdown.Item
              key={item.id}
              as="button"
              onClick={() => apply(item.query)}
              active={item.query === current}
            >
              {item.name}
              {item.isDefault && <span className="ms-1 text-body-secondary">{s('defaultMark')}</span>}
            </Dropdown.Item>
          ))}
          <Dropdown.Divider />
          <Dropdown.Item as="button" onClick={() => setDialog('save')}>
            <Icon shape={plusCircle} className="me-1" />
            {s('save')}
          </Dropdown.Item>
          {items.length > 0 && (
            <Dropdown.Item as="button" onClick={() => setDialog('manage')}>
              <Icon shape={gear} className="me-1" />
              {s('manage')}
            </Dropdown.Item>
          )}
        </Dropdown.Menu>
      </Dropdown>
      {error !== null && dialog === null && (
        <Alert
          variant="danger"
          className="py-1 px-2 mb-0 small"
          dismissible
          onClose={() => saved.send({ type: 'error.dismiss' })}
        >
          {translate(error)}
        </Alert>
      )}
      {dialog === 'save' && <SaveListDialog saved={saved} query={current} onClose={() => setDialog(null)} />}
      {dialog === 'manage' && (
        <ManageSavedLists saved={saved} spec={spec} apply={apply} onClose={() => setDialog(null)} />
      )}
    </>
  );
};
