/** English texts of the foreign exchange page (/foreignExchange). */
export const fxEn = {
  title: 'Foreign exchange',
  subtitle: 'Exchange one fiat currency for another at a guaranteed rate, free of any service fee.',
  fiatHistory: 'Fiat history',
  tabs: {
    exchange: 'Exchange',
    history: 'History',
  },
  realOnly: {
    title: 'Foreign exchange is in Real mode only',
    body: 'Demo and Trade for Reward funds are simulated. Switch to Real to exchange your own money.',
    action: 'Switch to Real',
  },
  kyc: {
    title: 'Verify your identity to exchange currencies',
    body: 'Foreign exchange is available to identity-verified accounts.',
    optedOut:
      'Accounts without identity verification cannot use foreign exchange. Verify your identity in the identity centre to use it.',
    action: 'Verify identity',
  },
  from: 'From',
  to: 'To',
  swap: 'Swap currencies',
  option: '{{code}} · {{amount}}',
  amount: 'Amount to sell ({{currency}})',
  available: 'Available: {{amount}} {{currency}}',
  max: 'Max',
  rate: 'Rate',
  youSell: 'You sell',
  youReceive: 'You receive',
  fee: 'Service fee',
  free: 'Free',
  validFor: 'Quote valid for',
  seconds: '{{n}} s',
  refreshing: 'Getting a fresh quote…',
  spreadNote:
    'The rate includes a {{spread}} % spread on the market rate; the amount received is rounded down.',
  timeline:
    'The amount sold is set aside at once; the exchange completes in about 30 minutes at the quoted rate.',
  submit: 'Exchange',
  confirmTitle: 'Confirm the exchange',
  confirmBody: 'Please check the amounts. The rate is guaranteed while the quote is valid.',
  errors: {
    amount: 'Enter an amount greater than 0 with at most {{decimals}} decimals.',
    balance: 'Insufficient available balance.',
  },
  states: {
    PROCESSING: 'Processing',
    COMPLETED: 'Completed',
    REFUNDED: 'Refunded',
  },
  result: {
    titles: {
      PROCESSING: 'Exchange submitted',
      COMPLETED: 'Exchange completed',
      REFUNDED: 'Exchange refunded',
    },
    processing: 'Processing: completes around {{when}}.',
    completed: '{{amount}} {{currency}} has been credited to your account.',
    refunded: 'The exchange could not be completed; {{amount}} {{currency}} was returned.',
    again: 'New exchange',
    history: 'View history',
  },
  table: {
    time: 'Time',
    pair: 'Currencies',
    state: 'Status',
  },
  history: {
    ordersLink: 'Foreign exchange history',
    all: 'All',
    start: 'Start date',
    end: 'End date',
    csv: 'Export CSV',
    empty: 'No exchanges yet',
    emptyBody: 'Your foreign exchanges appear here.',
    window: 'Foreign exchanges of the past {{months}} months.',
  },
  wallet: {
    action: 'Exchange',
    actionAsset: 'Exchange {{asset}}',
  },
};
