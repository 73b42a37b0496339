import type { Messages } from './en';

export const mobileKo: Messages['mobile'] = {
  registerDone: '가입 완료',
  registerBody: '앱으로 돌아가 계속 진행하세요.',
  backToApp: '앱으로 돌아가기',
  invite: '친구 초대',
  inviteTitle: '{{brand}}에서 함께해요',
  inviteText: '{{brand}}에서 암호화폐, 법정화폐, 토큰화된 실물 자산을 거래하세요.',
  openInBrowser: '브라우저에서 전체 사이트 열기',
  tradeNow: '지금 거래',
  titles: {
    registerResult: '가입 완료',
    identity: '신원 인증',
    individualKyc: '개인 인증',
    institutionKyc: '기관 인증',
    deposit: '입금',
    help: '도움말',
  },
};
