/** Maintenance notices set by operators (banner and order form), de. */
export const maintenanceDe = {
  region: 'Wartungshinweise',
  symbol: '{{symbol}}: Der Handel ist wegen Wartung ausgesetzt.',
  asset: '{{asset}}: Ein- und Auszahlungen sind wegen Wartung ausgesetzt.',
  since: 'Seit {{time}}',
  ended: '{{name}} ist wieder verfügbar.',
  notice: 'Mitteilung der Börse',
  dismiss: 'Schließen',
};
