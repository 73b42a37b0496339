/** Maintenance notices set by operators (banner and order form), ko. */
export const maintenanceKo = {
  region: '점검 안내',
  symbol: '{{symbol}}: 점검으로 거래가 일시 중지되었습니다.',
  asset: '{{asset}}: 점검으로 입출금이 일시 중지되었습니다.',
  since: '{{time}}부터',
  ended: '{{name}}을(를) 다시 이용할 수 있습니다.',
  notice: '거래소 공지',
  dismiss: '닫기',
};
