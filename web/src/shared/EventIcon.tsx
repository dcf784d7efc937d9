import { EVENT_ICONS, type EventType } from '@extranet/core';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';
import {
  arrowCounterclockwise,
  bank,
  circle,
  currencyEuro,
  dashCircle,
  envelope,
  type IconShape,
  plusCircle,
  xCircle,
} from './icons.ts';

/** Core names the icons; this maps them onto Bootstrap Icons. */
const BOOTSTRAP_ICON: Readonly<Record<string, IconShape>> = {
  plus: plusCircle,
  close: xCircle,
  undo: arrowCounterclockwise,
  euro: currencyEuro,
  bank,
  minus: dashCircle,
  envelope,
};

/** The icon of an event type (docs/product.md §4), labelled for screen readers with the type's name. */
export const EventIcon = ({ type }: { type: EventType }) => {
  const { t } = useTranslation();
  const { icon, tone } = EVENT_ICONS[type];
  const label = t(`eventType.${type}`);
  return (
    <span title={label} data-event-type={type}>
      <Icon
        shape={BOOTSTRAP_ICON[icon] ?? circle}
        className={`${tone ? `text-${tone}` : 'text-primary'} fs-5`}
      />
      <span className="visually-hidden">{label}</span>
    </span>
  );
};
