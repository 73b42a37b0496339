/** Maintenance notices set by operators (banner and order form), zh-tw. */
export const maintenanceZhTw = {
  region: '維護公告',
  symbol: '{{symbol}}：交易因維護暫停。',
  asset: '{{asset}}：入金和提領因維護暫停。',
  since: '開始於 {{time}}',
  ended: '{{name}} 已恢復正常。',
  notice: '交易所公告',
  dismiss: '關閉',
};
