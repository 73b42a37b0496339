import type { Messages } from './en';

export const mobileJa: Messages['mobile'] = {
  registerDone: '登録が完了しました',
  registerBody: 'アプリに戻って続行してください。',
  backToApp: 'アプリに戻る',
  invite: '友達を招待',
  inviteTitle: '{{brand}} で一緒に取引しましょう',
  inviteText: '{{brand}} で暗号資産、法定通貨、トークン化された実物資産を取引できます。',
  openInBrowser: 'ブラウザでサイト全体を開く',
  tradeNow: '今すぐ取引',
  titles: {
    registerResult: '登録が完了しました',
    identity: '本人確認',
    individualKyc: '個人の本人確認',
    institutionKyc: '法人の本人確認',
    deposit: '入金',
    help: 'ヘルプ',
  },
};
