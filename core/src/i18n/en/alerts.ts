/** Alerts (docs/insight.md "Alerts"): the settings card, the navbar's badge, the unsubscribe page. */
export const alerts = {
  alerts: {
    saved: 'Your alerts are saved.',
    card: {
      title: 'Alerts',
      intro: 'Choose the events on your policies that alert you.',
      types: 'Event types',
      digest: 'Get a daily digest by e-mail',
      save: 'Save alerts',
      unread_one: '{{count}} unread event',
      unread_other: '{{count}} unread events',
      markRead: 'Mark as read',
      defaults: 'Your profile’s default choice: you may change it.',
    },
    badge: {
      label_zero: 'Alerts: no unread event',
      label_one: 'Alerts: {{count}} unread event',
      label_other: 'Alerts: {{count}} unread events',
      menu: 'Alerts',
    },
    unsubscribe: {
      title: 'Unsubscribe from the digest',
      question: 'Stop the daily alert digest sent to {{email}}?',
      confirm: 'Unsubscribe',
      done: 'Done: {{email}} will no longer get the digest. You can turn it back on in your settings.',
      already: '{{email}} does not get the alert digest.',
      invalid: 'This unsubscribe link is not valid: it was changed or its account no longer exists.',
    },
  },
};
