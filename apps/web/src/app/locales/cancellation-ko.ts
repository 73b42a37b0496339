import type { Messages } from './en';

/** Account cancellation (ko). */
export const cancellationKo: Messages['cancellation'] = {
  title: '계정 해지',
  subtitle:
    '계정을 영구적으로 닫습니다. 기록은 법에 따라 보관되며, 이 이메일로 나중에 새 계정을 열 수 있습니다.',
  entry: {
    title: '계정 해지',
    body: '이 계정을 영구적으로 닫습니다.',
    open: '계정 해지',
  },
  what: {
    title: '시작하기 전에',
    review: '신청은 홍콩 영업일 기준 7~15일 이내에 심사됩니다.',
    during:
      '심사 중에도 로그인, 주문 취소, 자금 출금, 신청 철회를 할 수 있습니다. 새 주문과 입금은 중지됩니다.',
    after:
      '해지되면 모든 기기에서 로그아웃되고 계정에 더 이상 로그인할 수 없습니다. 더스트 기준 미만의 잔액은 기록에 남습니다.',
  },
  conditions: {
    title: '해지 조건',
    met: '충족',
    unmet: '필요',
    NO_OPEN_ORDERS: {
      title: '미체결 주문 없음',
      ok: '미체결 주문이 없습니다.',
      fix: '미체결 주문을 취소하세요: {{list}}.',
      action: '주문으로 이동',
    },
    NO_PENDING_MONEY: {
      title: '대기 중인 입출금 없음',
      ok: '들어오거나 나가는 중인 자금이 없습니다.',
      fix: '다음이 완료될 때까지 기다리세요: {{list}}.',
      action: '지갑으로 이동',
    },
    BALANCES_WITHDRAWN: {
      title: '잔액 출금 완료',
      ok: '모든 실거래 잔액이 출금되었거나 더스트 기준(자산당 약 1 USD) 미만입니다.',
      fix: '다음 잔액을 출금하세요(괄호 안은 더스트 기준): {{list}}.',
      action: '지갑으로 이동',
    },
    AUTHENTICATOR_LINKED: {
      title: 'Google Authenticator 연결됨',
      ok: 'Google Authenticator가 연결되어 있으며 그 코드로 확인합니다.',
      fix: '신청을 확인하려면 Google Authenticator를 연결하세요.',
      action: '보안 설정',
    },
    NO_SECURITY_LOCK: {
      title: '보안 잠금 없음',
      ok: '민감한 작업을 중지하는 최근 보안 변경이 없습니다.',
      fix: '최근 보안 변경으로 {{until}}까지 중지됩니다.',
      action: '보안 설정',
    },
  },
  modes: {
    '0': '실거래',
    '1': '데모',
    '2': '체험',
  },
  pending: {
    FROZEN_BALANCE: '건의 동결 자금',
    CRYPTO_DEPOSIT: '건의 암호화폐 입금',
    CRYPTO_WITHDRAWAL: '건의 암호화폐 출금',
    FIAT_DEPOSIT: '건의 법정화폐 입금',
    FIAT_WITHDRAWAL: '건의 법정화폐 출금',
  },
  form: {
    title: '해지 신청',
    reason: '떠나시는 이유가 무엇인가요?',
    note: '메모',
    noteHint: '2~100자.',
    noteRequired: '2~100자의 메모를 입력하세요.',
    reasonRequired: '사유를 선택하세요.',
    proof: '증빙 서류(선택)',
    proofHint: '예: 서명한 서신.',
    confirmTitle: '코드로 확인',
    acknowledge: '심사가 통과되면 계정이 영구적으로 닫힌다는 것을 이해합니다.',
    acknowledgeRequired: '이해했음을 확인해 주세요.',
    submit: '신청 제출',
    blocked: '신청하려면 위의 모든 조건을 충족하세요.',
  },
  reasons: {
    NO_LONGER_NEEDED: '더 이상 계정이 필요하지 않습니다',
    SWITCH_ACCOUNT_TYPE: '다른 계정 유형으로 다시 가입하고 싶습니다',
    ANOTHER_ACCOUNT: '다른 계정이 있습니다',
    SECURITY_CONCERN: '보안 또는 개인정보 우려',
    FEES: '수수료가 너무 높습니다',
    EXPERIENCE: '서비스에 만족하지 않습니다',
    OTHER: '기타',
  },
  review: {
    title: '심사 중',
    body: '신청을 심사하고 있습니다. 결정되면 이메일로 알려드립니다.',
    submitted: '제출 일시',
    expected: '예상 결정일',
    latest: '늦어도',
    reason: '사유',
    withdraw: '해지 취소',
    withdrawTitle: '계정을 유지하시겠습니까?',
    withdrawBody: '신청이 종료되고 계정은 이전처럼 유지됩니다.',
    withdrawConfirm: '계정 유지',
    back: '뒤로',
  },
  failed: {
    title: '계정 해지 실패',
    CONDITIONS_NOT_MET: '심사 종료 시 다음 조건이 충족되지 않았습니다: {{list}}.',
    REVIEWER_REJECTED: '심사자가 신청을 거절했습니다: {{note}}',
    retry: '문제를 해결한 후 아래에서 새 신청을 제출할 수 있습니다.',
  },
  withdrawn: '{{date}}의 신청을 철회했습니다. 계정은 계속 유지됩니다.',
};
