import { EVENT_ICONS, type EventType } from '@extranet/core';
import { useTranslation } from 'react-i18next';

/** Core names the icons; this maps them onto Bootstrap Icons. */
const BOOTSTRAP_ICON: Readonly<Record<string, string>> = {
  plus: 'bi-plus-circle',
  close: 'bi-x-circle',
  undo: 'bi-arrow-counterclockwise',
  euro: 'bi-currency-euro',
  bank: 'bi-bank',
  minus: 'bi-dash-circle',
  envelope: 'bi-envelope',
};

/** The icon of an event type (docs/product.md §4), labelled for screen readers with the type's name. */
export const EventIcon = ({ type }: { type: EventType }) => {
  const { t } = useTranslation();
  const { icon, tone } = EVENT_ICONS[type];
  const label = t(`eventType.${type}`);
  return (
    <span title={label} data-event-type={type}>
      <i
        className={`bi ${BOOTSTRAP_ICON[icon] ?? 'bi-circle'} ${tone ? `text-${tone}` : 'text-primary'} fs-5`}
        aria-hidden="true"
      />
      <span className="visually-hidden">{label}</span>
    </span>
  );
};
