import { formatShortDateTime, userApi } from '@extranet/core';
import { Fragment } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { ApiView } from '../../shared/ApiView.tsx';
import { FieldValue } from '../../shared/FieldValue.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { arrowLeft } from '../../shared/icons.ts';
import { useApi } from '../../shared/useApi.ts';
import { UserIdentityCards } from './UserIdentityCards.tsx';

/** 'user-management/{login}': the user's fields, authorities as badges, Back. */
const UserDetailPage = () => {
  const { t } = useTranslation();
  const { login = '' } = useParams();
  // Back returns to the list as it was left (its sort and page), when reached from it.
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch ?? '';
  const { state, reload } = useApi(() => userApi.get(login), [login]);
  const f = (key: string) => t(`userManagement.field.${key}`);
  return (
    <div>
      <h1 className="h3">
        {t('userManagement.detail.title')} [{login}]
      </h1>
      <ApiView state={state} reload={reload}>
        {(user) => (
          <>
            <dl className="row">
              <dt className="col-sm-3">{f('login')}</dt>
              <dd className="col-sm-9">
                {user.login}{' '}
                <Badge bg={user.activated ? 'success' : 'danger'}>
                  {t(user.activated ? 'userManagement.activated' : 'userManagement.deactivated')}
                </Badge>
              </dd>
              {(
                ['codeCourtier', 'marque', 'firstName', 'lastName', 'email', 'langKey', 'createdBy'] as const
              ).map((key) => (
                <Fragment key={key}>
                  <dt className="col-sm-3">{f(key)}</dt>
                  <dd className="col-sm-9">
                    <FieldValue field={key} value={user[key] ?? ''} />
                  </dd>
                </Fragment>
              ))}
              <dt className="col-sm-3">{f('createdDate')}</dt>
              <dd className="col-sm-9">{formatShortDateTime(user.createdDate)}</dd>
              <dt className="col-sm-3">{f('lastModifiedBy')}</dt>
              <dd className="col-sm-9">{user.lastModifiedBy}</dd>
              <dt className="col-sm-3">{f('lastModifiedDate')}</dt>
              <dd className="col-sm-9">{formatShortDateTime(user.lastModifiedDate)}</dd>
              <dt className="col-sm-3">{f('profiles')}</dt>
              <dd className="col-sm-9">
                {user.authorities.map((role) => (
                  <Badge key={role} bg="info" text="dark" className="me-1">
                    {role}
                  </Badge>
                ))}
              </dd>
            </dl>
            <UserIdentityCards login={user.login} />
            <Link
              className="btn btn-secondary"
              to={{ pathname: pathTo('userManagement'), search: listSearch }}
            >
              <Icon shape={arrowLeft} className="me-1" />
              {t('entity.action.back')}
            </Link>
          </>
        )}
      </ApiView>
    </div>
  );
};

export default UserDetailPage;
