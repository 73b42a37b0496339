/** Maintenance notices set by operators (banner and order form), ja. */
export const maintenanceJa = {
  region: 'メンテナンスのお知らせ',
  symbol: '{{symbol}}：メンテナンスのため取引を停止しています。',
  asset: '{{asset}}：メンテナンスのため入出金を停止しています。',
  since: '{{time}} から',
  ended: '{{name}} は再びご利用いただけます。',
  notice: '取引所からのお知らせ',
  dismiss: '閉じる',
};
