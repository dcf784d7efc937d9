import { canAccess, type Language, languages, NAV_ENTRIES } from '@extranet/core';
import { useState } from 'react';
import { Container, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { pathTo } from '../app/paths.ts';
import { useAccount, useServices } from '../app/ServicesContext.tsx';
import { AlertsBadge } from '../features/alerts/AlertsBadge.tsx';
import { Icon } from '../shared/Icon.tsx';
import { briefcase, clockHistory, personCircle, speedometer2 } from '../shared/icons.ts';
import { CLIENT_VERSION } from './version.ts';

const languageNames: Record<Language, string> = { fr: 'Français', en: 'English' };

/**
 * docs/product.md §2 navbar: home, entities and administration menus, account menu, language. Each entry
 * is core's `NAV_ENTRIES`, shown when core's `canAccess` lets the account open its route, so
 * the menu and the route guard cannot disagree.
 */
export const AppNavbar = () => {
  const { t, i18n } = useTranslation();
  const { auth } = useServices();
  const account = useAccount();
  const entities = NAV_ENTRIES.entities.filter((route) => canAccess(account, route));
  const admin = NAV_ENTRIES.admin.filter((route) => canAccess(account, route));
  // Below 992 px the menu folds behind its toggler; once an entry is chosen (the address
  // changes) it folds again, instead of covering a third of a phone's screen.
  const [expanded, setExpanded] = useState(false);
  const { pathname, search } = useLocation();
  const address = `${pathname}${search}`;
  const [shownAt, setShownAt] = useState(address);
  if (shownAt !== address) {
    setShownAt(address);
    setExpanded(false);
  }

  return (
    <Navbar
      expand="lg"
      bg="dark"
      data-bs-theme="dark"
      className="px-3"
      expanded={expanded}
      onToggle={(open) => setExpanded(open)}
    >
      <Container fluid>
        <Navbar.Brand as={Link} to={pathTo('home')}>
          <Icon shape={briefcase} className="me-2" />
          {t('global.title')}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-navbar" aria-label={t('web.toggleNavigation')} />
        <Navbar.Collapse id="main-navbar">
          <Nav className="ms-auto" as="ul">
            {canAccess(account, 'dashboard') && (
              <Nav.Item as="li">
                <Nav.Link as={Link} to={pathTo('dashboard')}>
                  <Icon shape={speedometer2} className="me-1" />
                  {t('insight.dashboard.menu')}
                </Nav.Link>
              </Nav.Item>
            )}
            {canAccess(account, 'timeline') && (
              <Nav.Item as="li">
                <Nav.Link as={Link} to={pathTo('timeline')}>
                  <Icon shape={clockHistory} className="me-1" />
                  {t('global.menu.timeline')}
                </Nav.Link>
              </Nav.Item>
            )}
            <AlertsBadge />
            {/* A menu with nothing the account can open is not shown (a user with no other role has none). */}
            {entities.length > 0 && (
              <NavDropdown as="li" title={t('global.menu.entities.main')} id="entities-menu">
                {entities.map((route) => (
                  <NavDropdown.Item key={route} as={Link} to={pathTo(route)}>
                    {t(`global.menu.entities.${route}`)}
                  </NavDropdown.Item>
                ))}
              </NavDropdown>
            )}
            {admin.length > 0 && (
              <NavDropdown as="li" title={t('global.menu.admin.main')} id="admin-menu">
                {admin.map((route) => (
                  <NavDropdown.Item key={route} as={Link} to={pathTo(route)}>
                    {t(`global.menu.admin.${route}`)}
                  </NavDropdown.Item>
                ))}
              </NavDropdown>
            )}
            <NavDropdown as="li" title={t('global.menu.language')} id="language-menu">
              {languages.map((language) => (
                <NavDropdown.Item
                  key={language}
                  as="button"
                  lang={language}
                  active={i18n.language === language}
                  onClick={() => i18n.changeLanguage(language)}
                >
                  {languageNames[language]}
                </NavDropdown.Item>
              ))}
            </NavDropdown>
            <NavDropdown
              as="li"
              align="end"
              id="account-menu"
              title={
                account?.imageUrl ? (
                  <img
                    src={account.imageUrl}
                    alt={t('global.menu.account.main')}
                    className="rounded-circle"
                    width={24}
                    height={24}
                  />
                ) : (
                  <>
                    <Icon shape={personCircle} className="me-1" />
                    {t('global.menu.account.main')}
                  </>
                )
              }
            >
              {account !== null ? (
                <>
                  <NavDropdown.Item as={Link} to={pathTo('settings')}>
                    {t('global.menu.account.settings')}
                  </NavDropdown.Item>
                  <NavDropdown.Item as={Link} to={pathTo('password')}>
                    {t('global.menu.account.password')}
                  </NavDropdown.Item>
                  <NavDropdown.Item as="button" onClick={() => auth.send({ type: 'signOut' })}>
                    {t('global.menu.account.logout')}
                  </NavDropdown.Item>
                </>
              ) : (
                <>
                  <NavDropdown.Item as="button" onClick={() => auth.send({ type: 'modal.open' })}>
                    {t('global.menu.account.login')}
                  </NavDropdown.Item>
                  <NavDropdown.Item as={Link} to={pathTo('register')}>
                    {t('global.menu.account.register')}
                  </NavDropdown.Item>
                </>
              )}
              <NavDropdown.Divider />
              <NavDropdown.ItemText className="small text-body-secondary">
                {t('global.version', { version: CLIENT_VERSION })}
              </NavDropdown.ItemText>
            </NavDropdown>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
};
