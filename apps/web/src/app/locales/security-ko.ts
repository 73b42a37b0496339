import type { Messages } from './en';

/** 보안 설정과 로그인 시 Google 인증 코드 단계(한국어). */
export const securityKo: Messages['security'] = {
  title: '보안 설정',
  subtitle: '강력한 비밀번호와 Google Authenticator로 계정을 보호하세요.',
  level: '보안 등급',
  levelValue: '{{max}}단계 중 {{level}}단계',
  levelHint: '연결한 인증 수단(이메일, Google Authenticator, 신원 인증)마다 등급이 올라갑니다.',
  linked: '연결됨',
  notLinked: '연결 안 됨',
  change: '변경',
  required: '필수 입력 항목입니다.',
  emailCode: '이메일 인증 코드',
  googleCode: 'Google 인증 코드',
  googleCodeInvalid: 'Google Authenticator의 6자리 코드를 입력하세요.',
  codeSent: '코드를 보냈습니다. 10분 동안 유효합니다.',
  changeWarning:
    '변경 후 모든 세션이 로그아웃되며 출금, 내부 이체, 플래시 송금이 24시간 동안 중지됩니다.',
  email: {
    title: '이메일',
    body: '로그인 및 보안 변경 코드는 {{email}}(으)로 전송됩니다.',
    changeTitle: '이메일 주소 변경',
    oldCode: '현재 주소로 보낸 코드',
    new: '새 이메일 주소',
    newCode: '새 주소로 보낸 코드',
  },
  password: {
    title: '로그인 비밀번호',
    body: '이메일 주소와 함께 로그인에 사용됩니다.',
    none: '아직 비밀번호가 없습니다. 로그인 페이지의 "비밀번호를 잊으셨나요?"에서 설정하세요.',
    changeTitle: '비밀번호 변경',
    old: '현재 비밀번호',
    rules: '소문자, 대문자, 숫자, 기호를 포함한 8~20자.',
  },
  google: {
    title: 'Google Authenticator',
    body: '앱이 30초마다 새로 만드는 6자리 코드로 로그인과 출금을 보호합니다.',
    link: '연결',
    unlink: '연결 해제',
  },
  link: {
    title: 'Google Authenticator 연결',
    scan: '1. Google Authenticator로 QR 코드를 스캔하거나 키를 직접 입력하세요.',
    qrAlt: 'Google Authenticator용 QR 코드',
    key: '키',
    keyHint: '키를 안전한 곳에 보관하세요. 새 휴대폰에서 코드를 복원할 수 있습니다.',
    copy: '키 복사',
    copied: '복사됨',
    enter: '2. 앱에 표시된 6자리 코드를 입력하세요.',
    action: '연결',
  },
  unlink: {
    title: 'Google Authenticator 연결 해제',
    warning: '연결 해제 후 출금, 내부 이체, 플래시 송금이 24시간 동안 중지됩니다.',
    action: '연결 해제',
  },
  lock: {
    title: '보안 변경으로 출금이 중지되었습니다',
    body: '출금, 내부 이체, 플래시 송금은 {{until}}까지 이용할 수 없습니다.',
    left: '{{hours}}시간 {{minutes}}분 남음.',
  },
  loginStep: {
    bodyGeneric: '로그인을 완료하려면 Google Authenticator의 6자리 코드를 입력하세요.',
    body: '{{email}}의 Google Authenticator 6자리 코드를 입력하세요.',
    action: '인증 후 로그인',
  },
};
