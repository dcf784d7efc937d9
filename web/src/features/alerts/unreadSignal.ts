/**
 * Tells the navbar's badge to count again after the alerts changed elsewhere on the page (a new
 * choice or "mark as read" in the settings card). One target for the app, not a window event.
 */
const target = new EventTarget();

export const alertsChanged = () => target.dispatchEvent(new Event('changed'));

export const onAlertsChanged = (listener: () => void): (() => void) => {
  target.addEventListener('changed', listener);
  return () => target.removeEventListener('changed', listener);
};
