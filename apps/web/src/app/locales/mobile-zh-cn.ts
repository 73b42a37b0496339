import type { Messages } from './en';

export const mobileZhCn: Messages['mobile'] = {
  registerDone: '注册完成',
  registerBody: '请返回 App 继续。',
  backToApp: '返回 App',
  invite: '邀请好友',
  inviteTitle: '和我一起加入 {{brand}}',
  inviteText: '在 {{brand}} 交易加密货币、法币和代币化现实世界资产。',
  openInBrowser: '在浏览器中打开完整网站',
  tradeNow: '立即交易',
  titles: {
    registerResult: '注册完成',
    identity: '身份认证',
    individualKyc: '个人认证',
    institutionKyc: '机构认证',
    deposit: '充值',
    help: '帮助',
  },
};
