import { mergeAreas } from '@extranet/core';
import { enAreas } from '@extranet/core/i18n/en.ts';

/** The English of `webResources.ts` (its own module: loaded only when English is chosen). */
export const webEn = {
  web: {
    title: {
      police: 'Your portfolio',
      policeDetail: 'Policy',
      message: 'Message to after-sales',
      policeAssure: 'Your insured persons',
      policeAssureDetail: 'Police Assure',
      policeAssureView: 'Insured detail',
      policeAssureEdit: 'Edit insured person',
      commission: 'Your commission statements',
      commissionDetail: 'Commission statement',
      mouvements: 'Commission statement',
      commissionMouvement: 'Commission movements',
      commissionMouvementView: 'Commission detail for the policy',
      audits: 'Audits',
      health: 'Health Checks',
      logs: 'Logs',
      metrics: 'Application Metrics',
      users: 'Users',
      activate: 'Activation',
      resetFinish: 'Reset password',
      resetRequest: 'Reset your password',
      register: 'Registration',
      password: 'Password',
      settings: 'Settings',
    },
    skipToContent: 'Skip to content',
    close: 'Close',
    loading: 'Loading…',
    alerts: 'Messages',
    toggleNavigation: 'Toggle navigation',
    ribbon: 'Environment',
    pagination: 'Pagination',
    firstPage: 'First page',
    currentPage: '(current page)',
    prevPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    noResult: 'No result',
    retry: 'Retry',
    timeline: { types: 'Event types' },
  },
};

/** Core's English with the web's labels beside it: the `translation` namespace `i18n.ts` loads. */
export const english = { ...mergeAreas(enAreas), ...webEn };
