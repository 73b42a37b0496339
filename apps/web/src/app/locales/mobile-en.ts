/** The mobile app's embedded pages (/m/...). */
export const mobileEn = {
  registerDone: 'Registration complete',
  registerBody: 'Return to the app to continue.',
  backToApp: 'Back to the app',
  invite: 'Invite friends',
  inviteTitle: 'Join me on {{brand}}',
  inviteText: 'Trade crypto, fiat and tokenised real-world assets on {{brand}}.',
  openInBrowser: 'Open the full site in the browser',
  tradeNow: 'Trade now',
  titles: {
    registerResult: 'Registration complete',
    identity: 'Identity verification',
    individualKyc: 'Individual verification',
    institutionKyc: 'Institution verification',
    deposit: 'Deposit',
    help: 'Help',
  },
};
