/** Korean texts of notifications, the message centre and the account-centre overview. */
export const notificationsKo = {
  bell: '알림',
  unreadBadge: '읽지 않음 {{count}}개',
  recent: '최근 알림',
  viewAll: '모두 보기',
  none: '아직 알림이 없습니다.',
  noneBody: '주문, 입금, 보안에 관한 알림이 여기에 표시됩니다.',
  markAllRead: '모두 읽음으로 표시',
  markRead: '읽음으로 표시',
  unreadOnly: '읽지 않은 알림만',
  unread: '읽지 않음',
  tabs: {
    personal: '내 알림',
    announcements: '공지사항',
  },
  loginToSee: '로그인하면 내 알림을 볼 수 있습니다.',
  login: '로그인',
  noAnnouncements: '아직 공지사항이 없습니다.',
  previous: '이전',
  next: '다음',
  page: '{{page}} 페이지',
  back: '목록으로 돌아가기',
  prefs: {
    title: '이메일 알림',
    body: '이메일로도 받을 알림을 선택하세요. 새 기기 로그인과 계정 해지는 항상 이메일로 발송됩니다.',
    always: '항상 이메일 발송',
    save: '저장',
    saved: '이메일 알림 설정이 저장되었습니다.',
  },
  modes: {
    real: '실전',
    demo: '데모',
    trial: '체험',
  },
  sides: {
    BUY: '매수',
    SELL: '매도',
  },
  types: {
    ORDER_FILLED: {
      name: '주문 체결',
      title: '주문이 체결되었습니다',
      titlePartial: '주문이 일부 체결되었습니다',
      body: '{{side}} {{symbol}}({{mode}}): {{quantity}} 중 {{filled}}이(가) 평균 가격 {{price}}에 체결되었습니다.',
    },
    DEPOSIT_CREDITED: {
      name: '입금 완료',
      title: '입금이 완료되었습니다',
      body: '{{amount}} {{asset}}이(가) {{mode}} 계정에 입금되었습니다.',
    },
    WITHDRAWAL_SENT: {
      name: '출금 전송',
      title: '출금이 전송되었습니다',
      body: '{{amount}} {{asset}}이(가) {{destination}}(으)로 전송되었습니다.',
    },
    TRANSFER_RECEIVED: {
      name: '이체 수신',
      title: '이체를 받았습니다',
      body: 'UID {{fromUid}}님이 {{amount}} {{asset}}을(를) 보냈습니다({{mode}} 계정).',
    },
    FLASH_REMITTANCE_REQUEST: {
      name: '플래시 송금 요청',
      title: '플래시 송금 요청',
      body: 'UID {{fromUid}}님이 {{amount}} {{asset}}을(를) 보내고 있습니다. {{expiresAt}} 전에 동의 또는 거절하세요.',
      open: '송금 열기',
    },
    KYC_RESULT: {
      name: '본인 인증 결과',
      title: '본인 인증',
      PASS: '본인 인증이 승인되었습니다. 계정의 모든 기능을 이용할 수 있습니다.',
      REJECT: '본인 인증이 거절되었습니다: {{reason}}. 수정 후 다시 제출하세요.',
      FAILED: '본인 인증을 완료하지 못했습니다. 다시 제출해 주세요.',
    },
    SECURITY_CHANGE: {
      name: '보안 변경',
      title: '보안 변경',
      PASSWORD_CHANGED: '로그인 비밀번호가 변경되었습니다.',
      EMAIL_CHANGED: '이메일 주소가 변경되었습니다.',
      AUTHENTICATOR_LINKED: 'Google Authenticator가 계정에 연결되었습니다.',
      AUTHENTICATOR_UNLINKED: 'Google Authenticator 연결이 해제되었습니다.',
      locked: '출금, 내부 이체, 플래시 송금이 {{until}}까지 중지됩니다.',
      notYou: '본인이 아니라면 즉시 비밀번호를 재설정하고 고객센터에 문의하세요.',
    },
    NEW_DEVICE_LOGIN: {
      name: '새 기기 로그인',
      title: '새 기기 로그인',
      body: '{{at}}에 {{device}}(IP {{ip}})에서 계정에 로그인했습니다. 본인이 아니라면 즉시 비밀번호를 변경하세요.',
    },
    ANNOUNCEMENT: {
      name: '공지',
      title: '공지',
      body: '{{title}}',
    },
    ACCOUNT_CANCELLATION: {
      name: '계정 해지',
      title: '계정 해지',
      UNDER_REVIEW: '해지 신청을 검토 중입니다(영업일 기준 7~15일).',
      WITHDRAWN: '해지 신청이 철회되어 계정이 유지됩니다.',
      FAILED: '해지 신청을 완료하지 못했습니다. 다시 시도할 수 있습니다.',
      SUCCEEDED: '계정이 해지되었습니다.',
    },
    STATEMENT_READY: {
      name: '월간 거래 내역서',
      title: '거래 내역서 준비 완료',
      body: '{{month}} 거래 내역서를 다운로드할 수 있습니다.',
    },
    BANK_ACCOUNT: {
      name: '제휴 은행 계좌',
      title: '제휴 은행 계좌',
      OPENED:
        '가상 계좌 {{accountNumber}}가 개설되었습니다. 은행의 e-KYC 단계를 완료하면 활성화됩니다.',
      OPEN_FAILED: '계좌 개설 실패: {{reason}}. 인증 센터에서 다시 신청할 수 있습니다.',
      EKYC_PASSED: 'e-KYC 통과: 가상 계좌 {{accountNumber}}가 활성화되었습니다.',
      EKYC_FAILED: 'e-KYC 실패: {{reason}}. 링크를 다시 생성한 후 다시 시도해 주세요.',
    },
    FIAT_WITHDRAWAL_RETURNED: {
      name: '법정화폐 출금 반환',
      title: '출금 반환',
      REFUSED:
        '{{amount}} {{asset}} 출금이 위험 심사에서 거절되었습니다. 금액이 사용 가능 잔액으로 돌아왔습니다.',
      FAILED:
        '{{amount}} {{asset}} 출금을 은행에서 송금하지 못했습니다. 금액이 사용 가능 잔액으로 돌아왔습니다.',
    },
    FOREIGN_EXCHANGE_SETTLED: {
      name: '외환 환전 정산',
      title: '환전이 정산되었습니다',
      COMPLETED:
        '{{sellAmount}} {{from}}에서 {{to}}(으)로의 환전이 완료되었습니다. {{receiveAmount}} {{to}}이(가) 사용 가능 잔액에 입금되었습니다.',
      REFUNDED:
        '{{sellAmount}} {{from}}에서 {{to}}(으)로의 환전을 완료하지 못했습니다. 금액이 사용 가능 잔액으로 돌아왔습니다.',
    },
    COMPETITION_RESULT: {
      name: '보상 거래 결과',
      title: '보상 거래 결과 발표',
      WON_PAID:
        '보상 거래 {{name}}이(가) 종료되었습니다. 수익률 {{returnPct}}%로 {{rank}}위를 차지했으며, {{amount}} {{asset}}이(가) 실거래 지갑에 입금되었습니다.',
      WON_PENDING:
        '보상 거래 {{name}}이(가) 종료되었습니다. 수익률 {{returnPct}}%로 {{rank}}위를 차지했으며, 보상 {{amount}} {{asset}}은(는) 곧 실거래 지갑으로 지급됩니다.',
      RANKED:
        '보상 거래 {{name}}이(가) 종료되었습니다. 수익률 {{returnPct}}%로 {{rank}}위를 차지했습니다.',
      open: '순위표 보기',
    },
  },
};

export const overviewKo = {
  title: '계정 개요',
  greeting: '다시 오신 것을 환영합니다',
  uid: 'UID',
  copy: '복사',
  copied: '복사됨',
  email: '이메일',
  accountType: '계정 유형',
  individual: '개인',
  institution: '기관',
  kyc: {
    title: '본인 인증',
    verified: '인증 완료(레벨 {{level}})',
    optedOut: '본인 인증 없음',
    pending: '아직 인증되지 않음',
    notChosen: '계정 유형 미선택',
    unlocksVerified:
      '이용 가능: 법정화폐 입출금, 암호화폐 입출금, 이체, 플래시 송금, 한도 없는 현물 거래.',
    unlocksOptedOut:
      '일일 한도가 있는 현물 거래와 암호화폐 입금. 법정화폐와 이체에는 본인 인증이 필요합니다.',
    unlocksPending: '본인 인증을 하면 입금, 출금, 이체, 거래를 이용할 수 있습니다.',
    action: '지금 인증',
    manage: '자세히 보기',
  },
  security: {
    title: '보안 레벨',
    level: '레벨 {{level}} / {{max}}',
    email: '이메일',
    password: '로그인 비밀번호',
    authenticator: 'Google Authenticator',
    set: '설정됨',
    notSet: '설정 안 됨',
    manage: '보안 설정',
  },
  valuation: {
    title: '총 자산 평가액',
    note: '최신 가격과 참고 환율 기준 {{fiat}}(으)로 추정하며, 가격이 없는 자산은 제외됩니다.',
    parity: '환율 피드에 아직 USDT 환율이 없어 USDT를 1 USD로 계산합니다.',
    real: '실전',
    demo: '데모',
    trial: '체험',
  },
  shortcuts: {
    title: '바로가기',
    deposit: '입금',
    withdraw: '출금',
    trade: '거래',
    wallet: '지갑',
  },
  activity: {
    title: '최근 활동',
    empty: '아직 없습니다. 주문, 입금, 보안 변경이 여기에 표시됩니다.',
    all: '메시지 센터',
  },
};
