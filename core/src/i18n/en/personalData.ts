/** Data protection (docs/security.md "Data protection"): the insured person's page and its cards. */
export const personalData = {
  personalData: {
    title: 'Personal data',
    intro:
      'Everything the extranet holds about this person, to answer an access or portability request. Each download is recorded.',
    json: 'Download (JSON)',
    pdf: 'Download (PDF)',
    reveal: 'Show the whole number',
    revealed: 'Whole social security number: <nir>{{nir}}</nir>',
    revealNote: 'Each showing of the whole number is recorded.',
    failed: 'The request failed: {{message}}',
    accessLog: {
      title: 'Who saw this file',
      empty: 'No access recorded.',
      at: 'Date',
      login: 'User',
      kind: 'Action',
      from: 'From',
      kinds: {
        detail: 'Viewed',
        nir_reveal: 'Social security number shown',
        export: 'Export',
        personal_data_export: 'Personal data downloaded',
        anonymise: 'Anonymised',
      },
    },
    anonymise: {
      action: 'Anonymise',
      force: 'Anonymise despite retention',
      done: 'Person anonymised on {{date}}.',
      retained: 'The contract data is kept until {{date}}: nothing was changed.',
      running: 'The contract runs: its data is kept until five years after it ends. Nothing was changed.',
    },
  },
  error: {
    retentionRunning: 'The data is still within its retention period: nothing was changed.',
    personalDataReads:
      'You opened too many insured persons’ and policies’ details this hour: try again later. An administrator is alerted.',
  },
};
