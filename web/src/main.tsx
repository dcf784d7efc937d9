import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadScreen } from './app/AppRoutes.tsx';
import { createServices } from './app/services.ts';
import { languageLoaded } from './shared/i18n.ts';
import { browserTokenStore } from './shared/tokenStore.ts';

const services = createServices();
// Signed in from a last visit: the screen the address names loads during the account check.
if (browserTokenStore().load() !== undefined)
  preloadScreen(window.location.hash.replace(/^#/, '').split('?')[0] || '/');
// English (kept from a last visit) is a chunk of its own: render once it is in, never in French first.
// No StrictMode: its simulated unmount stops and rehydrates machine actors, and the aborted
// request of the first mount then lands as a failure in the rehydrated machine.
languageLoaded(services.i18n).finally(() => {
  createRoot(document.getElementById('root')!).render(<App services={services} />);
});
