import type { Messages } from './en';

export const mobileZhTw: Messages['mobile'] = {
  registerDone: '註冊完成',
  registerBody: '請返回 App 繼續。',
  backToApp: '返回 App',
  invite: '邀請好友',
  inviteTitle: '和我一起加入 {{brand}}',
  inviteText: '在 {{brand}} 交易加密貨幣、法幣和代幣化現實世界資產。',
  openInBrowser: '在瀏覽器中開啟完整網站',
  tradeNow: '立即交易',
  titles: {
    registerResult: '註冊完成',
    identity: '身分認證',
    individualKyc: '個人認證',
    institutionKyc: '機構認證',
    deposit: '儲值',
    help: '說明',
  },
};
