import { firstOfPage, isSelf, provideUserAdmin, USER_SORTABLE, type User } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Alert, Badge, Button, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { arrowRepeat, plus } from '../../shared/icons.ts';
import { Loading } from '../../shared/Loading.tsx';
import { Pager } from '../../shared/Pager.tsx';
import { SortHeader } from '../../shared/SortHeader.tsx';
import { useMessage } from '../../shared/useMessage.ts';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { TwoFactorPolicyCard } from './TwoFactorPolicyCard.tsx';
import { UserDialog } from './UserDialog.tsx';
import { useOpenUserDialog, useUserDialogRoute } from './userDialogRoute.ts';
import { userListOf, useUserListAddress } from './userListAddress.ts';

/** An e-mail address that may wrap after its '@' (and nowhere else unless it cannot fit). */
const EmailText = ({ email }: { email: string | null }) => {
  const at = email?.indexOf('@') ?? -1;
  if (email === null || at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
};

/**
 * 'user-management': the users, their activation toggles, sync, and the create/edit/delete
 * dialogs, each at its own URL (user-management-new, user-management/{login}/edit|delete).
 */
const UsersPage = () => {
  const { t } = useTranslation();
  const translate = useMessage();
  const { runtime } = useServices();
  const account = useAccount();
  const logic = useMemo(() => provideUserAdmin(runtime), [runtime]);
  const location = useLocation();
  const actor = useActorRef(logic, {
    input: { self: account?.login ?? '', request: userListOf(location.search) },
  });
  const context = useActorContext(actor);
  const tags = useTags(actor, ['ready', 'busy', 'dialog', 'edit', 'delete']);
  const { page, request } = context;
  const ready = tags.ready;
  useUserListAddress(actor);
  useUserDialogRoute(actor);
  const open = useOpenUserDialog();

  const users = page?.items ?? [];
  const first = firstOfPage(request.page, request.size);
  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 me-auto mb-0">{t('userManagement.title')}</h1>
        <Button variant="outline-secondary" onClick={() => actor.send({ type: 'sync' })} disabled={tags.busy}>
          <Icon shape={arrowRepeat} className="me-1" />
          {t('userManagement.sync.button')}
        </Button>
        <Button onClick={open.create} disabled={!ready}>
          <Icon shape={plus} className="me-1" />
          {t('userManagement.createLabel')}
        </Button>
      </div>
      {context.notice !== null && (
        <Alert
          variant={context.notice.key.endsWith('success') ? 'success' : 'danger'}
          dismissible
          onClose={() => actor.send({ type: 'notice.dismiss' })}
        >
          {translate(context.notice)}
        </Alert>
      )}
      {context.error !== null && !tags.dialog && <Alert variant="danger">{translate(context.error)}</Alert>}
      {page === null ? (
        <Loading />
      ) : (
        <Table striped hover responsive size="sm" className="table-stack" aria-busy={tags.busy}>
          <thead>
            <tr>
              {USER_SORTABLE.map((field) => (
                <SortHeader
                  key={field}
                  field={field}
                  sort={request.sort}
                  onSort={(sort) => actor.send({ type: 'sort.change', sort })}
                >
                  {t(`userManagement.field.${field}`)}
                </SortHeader>
              ))}
              <th scope="col">{t('userManagement.field.activated')}</th>
              <th scope="col">{t('userManagement.field.profiles')}</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user: User) => {
              const self = isSelf(context, user.login);
              return (
                <tr key={user.id}>
                  <td data-label={t('userManagement.field.id')}>{user.id}</td>
                  <td data-label={t('userManagement.field.login')}>{user.login}</td>
                  {/* Broken after the '@' only when narrow: breaking anywhere let a tablet's table
                      squeeze the addresses to a few letters a line. */}
                  <td data-label={t('userManagement.field.email')} style={{ overflowWrap: 'break-word' }}>
                    <EmailText email={user.email} />
                  </td>
                  <td>
                    <Button
                      size="sm"
                      variant={user.activated ? 'success' : 'danger'}
                      disabled={self || !ready}
                      onClick={() => actor.send({ type: 'activation.toggle', user })}
                    >
                      {t(user.activated ? 'userManagement.activated' : 'userManagement.deactivated')}
                    </Button>
                  </td>
                  <td>
                    {user.authorities.map((role) => (
                      <Badge key={role} bg="info" text="dark" className="me-1">
                        {role}
                      </Badge>
                    ))}
                  </td>
                  {/* The buttons wrap under each other when the table is narrow (a tablet). */}
                  <td>
                    <Link
                      className="btn btn-sm btn-outline-dark me-1 my-1"
                      to={pathTo('userDetail', { login: user.login })}
                      state={{ listSearch: location.search }}
                    >
                      {t('entity.action.view')}
                    </Link>
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-1 my-1"
                      onClick={() => open.edit(user.login)}
                    >
                      {t('entity.action.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      className="my-1"
                      disabled={self}
                      onClick={() => open.remove(user.login)}
                    >
                      {t('entity.action.delete')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {page !== null && (
        <div className="d-flex align-items-center gap-3">
          <span>
            {t('userManagement.count', {
              first: page.total === 0 ? 0 : first + 1,
              last: first + users.length,
              total: page.total,
            })}
          </span>
          <Pager
            page={request.page}
            total={page.total}
            size={request.size}
            onChange={(p) => actor.send({ type: 'page.change', page: p })}
          />
        </div>
      )}
      {tags.edit && <UserDialog context={context} send={actor.send} saving={tags.busy} />}
      {tags.delete && (
        <Modal show onHide={() => actor.send({ type: 'cancel' })} aria-labelledby="delete-title">
          <Modal.Header closeButton closeLabel={t('web.close')}>
            <Modal.Title id="delete-title" as="h2" className="h5">
              {t('userManagement.delete.title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>{t('userManagement.delete.question', { login: context.deleting ?? '' })}</Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => actor.send({ type: 'cancel' })}>
              {t('entity.action.cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={tags.busy}
              onClick={() => actor.send({ type: 'delete.confirm' })}
            >
              {t('entity.action.delete')}
            </Button>
          </Modal.Footer>
        </Modal>
      )}
      <TwoFactorPolicyCard />
    </div>
  );
};

export default UsersPage;
