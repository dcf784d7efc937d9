/** Statement list, statement detail tabs, movement popup, entity alerts (docs/product.md §2, §8). */
export const commissions = {
  commission: {
    title: 'Your commission statements',
    summary: '{{count}} statements - total paid to date (forecasts excluded): {{amount}}',
    detail: {
      heading: 'Commission statement of {{month}}',
      tabs: { summary: 'Your statement', lines: 'Commission details', client: 'Client sheet' },
      info: 'Information',
      recap: 'Summary',
      commission: 'Commission',
      amount: 'Amount',
      totalCommissions: 'Total commissions',
      soldePrecedent: 'Previous balance',
      totalVersement: 'Total payment',
      backToList: 'Back to list',
      downloadPdf: 'Download PDF',
      showLines: 'Show details',
      linesSummary_one: '{{count}} movement',
      linesSummary_other: '{{count}} movements',
      nom: 'Name',
    },
    forecast: 'Forecast',
    messages: { downloadError: 'This statement could not be downloaded!' },
  },
  mouvements: {
    popupTitle: 'Commission details for the policy',
    summary: '{{count}} movement(s)',
  },
  extranetApp: {
    police: {
      created: 'Policy {{param}} created',
      updated: 'Policy {{param}} updated',
      deleted: 'Policy {{param}} deleted',
    },
    policeAssure: {
      created: 'Insured person {{param}} created',
      updated: 'Insured person {{param}} updated',
      deleted: 'Insured person {{param}} deleted',
    },
    commission: {
      created: 'Statement {{param}} created',
      updated: 'Statement {{param}} updated',
      deleted: 'Statement {{param}} deleted',
    },
    commissionMouvement: {
      created: 'Movement {{param}} created',
      updated: 'Movement {{param}} updated',
      deleted: 'Movement {{param}} deleted',
    },
  },
  entity: {
    validation: {
      required: 'This field is required.',
      minlength: 'This field is required to be at least {{min}} characters.',
      maxlength: 'This field cannot be longer than {{max}} characters.',
      patternLogin: 'This field can only contain letters, digits and e-mail addresses.',
    },
    action: { save: 'Save', cancel: 'Cancel', delete: 'Delete', edit: 'Edit', view: 'View', back: 'Back' },
  },
};
