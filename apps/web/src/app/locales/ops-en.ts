/** Maintenance notices set by operators (banner and order form), en. */
export const maintenanceEn = {
  region: 'Maintenance notices',
  symbol: '{{symbol}}: trading is paused for maintenance.',
  asset: '{{asset}}: deposits and withdrawals are paused for maintenance.',
  since: 'Since {{time}}',
  ended: '{{name}} is available again.',
  notice: 'Notice from the exchange',
  dismiss: 'Dismiss',
};
