/** Maintenance notices set by operators (banner and order form), ar. */
export const maintenanceAr = {
  region: 'إشعارات الصيانة',
  symbol: '{{symbol}}: التداول متوقف مؤقتًا للصيانة.',
  asset: '{{asset}}: الإيداع والسحب متوقفان مؤقتًا للصيانة.',
  since: 'منذ {{time}}',
  ended: '{{name}} متاح مرة أخرى.',
  notice: 'إشعار من المنصة',
  dismiss: 'إغلاق',
};
