/** Maintenance notices set by operators (banner and order form), zh-cn. */
export const maintenanceZhCn = {
  region: '维护公告',
  symbol: '{{symbol}}：交易因维护暂停。',
  asset: '{{asset}}：充值和提现因维护暂停。',
  since: '开始于 {{time}}',
  ended: '{{name}} 已恢复正常。',
  notice: '交易所公告',
  dismiss: '关闭',
};
