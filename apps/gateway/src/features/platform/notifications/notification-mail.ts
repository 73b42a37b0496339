import {
  flashConfirmPage,
  type ErrorLanguage,
  type Notification,
  type NotificationType,
} from '@exchange/contracts';

/**
 * The e-mail of a notification, rendered by the gateway in the user's language: every language
 * the client offers (the `User.language` codes). Only the types that may be e-mailed have texts;
 * a language or a mailed type without texts fails the typecheck. The mail is plain text, so
 * Arabic needs no direction markup: the mail client lays right-to-left text out by itself.
 */
type MailLanguage = ErrorLanguage;
/** The notification types that are e-mailed (the others are shown in the client only). */
type MailedType = Extract<
  NotificationType,
  | 'ORDER_FILLED'
  | 'DEPOSIT_CREDITED'
  | 'WITHDRAWAL_SENT'
  | 'TRANSFER_RECEIVED'
  | 'FLASH_REMITTANCE_REQUEST'
  | 'KYC_RESULT'
  | 'NEW_DEVICE_LOGIN'
  | 'ACCOUNT_CANCELLATION'
  | 'STATEMENT_READY'
  | 'BANK_ACCOUNT'
  | 'FIAT_WITHDRAWAL_RETURNED'
  | 'FOREIGN_EXCHANGE_SETTLED'
  | 'COMPETITION_RESULT'
>;
type Texts<T extends NotificationType> = (p: Extract<Notification, { type: T }>['params']) => {
  subject: string;
  text: string;
};

const MODE: Record<MailLanguage, Record<number, string>> = {
  en: { 0: 'Real', 1: 'Demo', 2: 'Trial' },
  'zh-CN': { 0: '真实', 1: '模拟', 2: '体验' },
  'zh-TW': { 0: '真實', 1: '模擬', 2: '體驗' },
  // The client's mode names (locales `modes`); ar, fr and de name the mode after the account.
  ar: { 0: 'الوضع الحقيقي', 1: 'وضع التداول التجريبي', 2: 'وضع التداول مقابل مكافأة' },
  fr: { 0: 'mode Réel', 1: 'mode Trading démo', 2: 'mode Trader pour une récompense' },
  de: { 0: 'Modus Echt', 1: 'Modus Demo-Handel', 2: 'Modus Handeln für Prämien' },
  ja: { 0: 'リアル', 1: 'デモ取引', 2: '報酬付きトレード' },
  ko: { 0: '실거래', 1: '모의 거래', 2: '보상 거래' },
};

type MailTexts = { [T in MailedType]: Texts<T> };

const KYC_EN = { PASS: 'approved', REJECT: 'rejected', FAILED: 'could not be completed' };
const KYC_CN = { PASS: '已通过', REJECT: '未通过', FAILED: '未能完成' };
const KYC_TW = { PASS: '已通過', REJECT: '未通過', FAILED: '未能完成' };
const KYC_AR = { PASS: 'مقبول', REJECT: 'مرفوض', FAILED: 'تعذّر إكماله' };
const KYC_FR = { PASS: 'approuvée', REJECT: 'refusée', FAILED: 'non aboutie' };
const KYC_DE = {
  PASS: 'genehmigt',
  REJECT: 'abgelehnt',
  FAILED: 'konnte nicht abgeschlossen werden',
};
const KYC_JA = { PASS: '承認されました', REJECT: '却下されました', FAILED: '完了できませんでした' };
const KYC_KO = { PASS: '승인되었습니다', REJECT: '거절되었습니다', FAILED: '완료되지 못했습니다' };
const CANCEL_EN = {
  UNDER_REVIEW: 'is under review (7-15 business days)',
  WITHDRAWN: 'was withdrawn: your account stays open',
  FAILED: 'could not be completed',
  SUCCEEDED: 'is complete: your account is closed',
};
const CANCEL_CN = {
  UNDER_REVIEW: '正在审核中（7-15 个工作日）',
  WITHDRAWN: '已撤回，您的账户保持正常',
  FAILED: '未能完成',
  SUCCEEDED: '已完成，您的账户已注销',
};
const CANCEL_TW = {
  UNDER_REVIEW: '正在審核中（7-15 個工作日）',
  WITHDRAWN: '已撤回，您的帳戶保持正常',
  FAILED: '未能完成',
  SUCCEEDED: '已完成，您的帳戶已註銷',
};

const CANCEL_AR = {
  UNDER_REVIEW: 'قيد المراجعة (من 7 إلى 15 يوم عمل)',
  WITHDRAWN: 'تم سحبه: يبقى حسابك مفتوحًا',
  FAILED: 'تعذّر إكماله',
  SUCCEEDED: 'اكتمل: تم إغلاق حسابك',
};
const CANCEL_FR = {
  UNDER_REVIEW: 'est en cours d’examen (7 à 15 jours ouvrés)',
  WITHDRAWN: 'a été retirée : votre compte reste ouvert',
  FAILED: 'n’a pas pu aboutir',
  SUCCEEDED: 'est terminée : votre compte est clôturé',
};
const CANCEL_DE = {
  UNDER_REVIEW: 'wird geprüft (7–15 Werktage)',
  WITHDRAWN: 'wurde zurückgezogen: Ihr Konto bleibt bestehen',
  FAILED: 'konnte nicht abgeschlossen werden',
  SUCCEEDED: 'ist abgeschlossen: Ihr Konto ist geschlossen',
};
const CANCEL_JA = {
  UNDER_REVIEW: '審査中です（7〜15営業日）',
  WITHDRAWN: '取り下げられました。アカウントは引き続きご利用いただけます',
  FAILED: '完了できませんでした',
  SUCCEEDED: '完了しました。アカウントは閉鎖されました',
};
const CANCEL_KO = {
  UNDER_REVIEW: '심사 중입니다(영업일 기준 7~15일)',
  WITHDRAWN: '철회되었습니다. 계정은 계속 유지됩니다',
  FAILED: '완료되지 못했습니다',
  SUCCEEDED: '완료되었습니다. 계정이 해지되었습니다',
};
const SIDE_AR = { BUY: 'الشراء', SELL: 'البيع' };
const SIDE_FR = { BUY: 'd’achat', SELL: 'de vente' };
const SIDE_DE = { BUY: 'Kauf', SELL: 'Verkauf' };
const SIDE_JA = { BUY: '買い', SELL: '売り' };
const SIDE_KO = { BUY: '매수', SELL: '매도' };

const TEXTS: Record<MailLanguage, MailTexts> = {
  en: {
    ORDER_FILLED: (p) => ({
      subject: `Order ${p.status === 'FILLED' ? 'filled' : 'partially filled'}: ${p.side} ${p.symbol}`,
      text: `Your ${MODE.en[p.mode]} ${p.side} order on ${p.symbol} ${p.status === 'FILLED' ? 'was filled' : 'ended partially filled'}: ${p.filledQuantity} of ${p.quantity}${p.averagePrice ? ` at an average price of ${p.averagePrice}` : ''}.`,
    }),
    DEPOSIT_CREDITED: (p) => ({
      subject: `Deposit credited: ${p.amount} ${p.asset}`,
      text: `${p.amount} ${p.asset} was credited to your ${MODE.en[p.mode]} account.`,
    }),
    WITHDRAWAL_SENT: (p) => ({
      subject: `Withdrawal sent: ${p.amount} ${p.asset}`,
      text: `Your withdrawal of ${p.amount} ${p.asset} was sent to ${p.destination}.${p.reference ? ` Reference: ${p.reference}.` : ''}`,
    }),
    TRANSFER_RECEIVED: (p) => ({
      subject: `You received ${p.amount} ${p.asset}`,
      text: `UID ${p.fromUid} sent you ${p.amount} ${p.asset} (${MODE.en[p.mode]} account).`,
    }),
    FLASH_REMITTANCE_REQUEST: (p) => ({
      subject: `Flash remittance for you: ${p.amount} ${p.asset}`,
      text: `UID ${p.fromUid} is sending you ${p.amount} ${p.asset} by flash remittance. Sign in and open Flash remittance to agree or reject it before ${p.expiresAt}; otherwise it ends and nothing is received.`,
    }),
    KYC_RESULT: (p) => ({
      subject: `Identity verification ${KYC_EN[p.status]}`,
      text: `Your identity verification was ${KYC_EN[p.status]}.${p.reason ? ` Reason: ${p.reason}.` : ''}`,
    }),
    NEW_DEVICE_LOGIN: (p) => ({
      subject: 'New sign-in to your account',
      text: `Your account was signed in from a new device: ${p.device}, IP ${p.ip}, at ${p.at}.\n\nIf this was not you, change your password at once and contact support.`,
    }),
    ACCOUNT_CANCELLATION: (p) => ({
      subject: 'Account cancellation',
      text: `Your account cancellation ${CANCEL_EN[p.status]}.${p.reason ? ` ${p.reason}` : ''}`,
    }),
    STATEMENT_READY: (p) => ({
      subject: `Your statement for ${p.month} is ready`,
      text: `Your monthly statement for ${p.month} can be downloaded from the account centre.`,
    }),
    BANK_ACCOUNT: (p) => {
      const texts = {
        OPENED: {
          subject: `Your partner bank account is open`,
          text: `Your virtual account ${p.accountNumber ?? ''} (USD and EUR) is open. Finish the bank's e-KYC step in the certification centre to activate it.`,
        },
        OPEN_FAILED: {
          subject: `Your partner bank account could not be opened`,
          text: `Open account failed: ${p.reason ?? ''} You can apply again in the certification centre.`,
        },
        EKYC_PASSED: {
          subject: `Your partner bank account is active`,
          text: `e-KYC passed. Your virtual account ${p.accountNumber ?? ''} is active: you can now deposit USD and EUR by bank transfer.`,
        },
        EKYC_FAILED: {
          subject: `e-KYC failed`,
          text: `e-KYC failed: ${p.reason ?? ''} Regenerate the link in the certification centre and try again.`,
        },
      };
      return texts[p.event];
    },
    FIAT_WITHDRAWAL_RETURNED: (p) => ({
      subject: `Withdrawal returned: ${p.amount} ${p.asset}`,
      text: `Your withdrawal of ${p.amount} ${p.asset} ${p.status === 'REFUSED' ? 'was refused by the risk review' : 'could not be sent by the bank'}. The amount is back in your available balance.${p.reason ? ` Reason: ${p.reason}` : ''}`,
    }),
    FOREIGN_EXCHANGE_SETTLED: (p) =>
      p.status === 'COMPLETED'
        ? {
            subject: `Exchange completed: ${p.receiveAmount} ${p.to}`,
            text: `Your exchange of ${p.sellAmount} ${p.from} to ${p.to} is complete: ${p.receiveAmount} ${p.to} is in your available balance.`,
          }
        : {
            subject: `Exchange refunded: ${p.sellAmount} ${p.from}`,
            text: `Your exchange of ${p.sellAmount} ${p.from} to ${p.to} could not be completed; the amount is back in your available balance.`,
          },
    COMPETITION_RESULT: (p) => ({
      subject: `Trade for Reward ${p.name}: you placed #${p.rank}`,
      text: `Trade for Reward ${p.name} has ended. You placed #${p.rank} with a return of ${p.returnPct} %.${p.reward ? (p.reward.paid ? ` ${p.reward.amount} ${p.reward.asset} is in your Real wallet.` : ` Your reward of ${p.reward.amount} ${p.reward.asset} will be paid into your Real wallet shortly.`) : ''}`,
    }),
  },
  'zh-CN': {
    ORDER_FILLED: (p) => ({
      subject: `订单${p.status === 'FILLED' ? '已完全成交' : '部分成交'}：${p.symbol}`,
      text: `您的${MODE['zh-CN'][p.mode]}账户 ${p.symbol} ${p.side === 'BUY' ? '买入' : '卖出'}订单${p.status === 'FILLED' ? '已完全成交' : '部分成交后结束'}：成交 ${p.filledQuantity} / ${p.quantity}${p.averagePrice ? `，均价 ${p.averagePrice}` : ''}。`,
    }),
    DEPOSIT_CREDITED: (p) => ({
      subject: `充值已到账：${p.amount} ${p.asset}`,
      text: `${p.amount} ${p.asset} 已存入您的${MODE['zh-CN'][p.mode]}账户。`,
    }),
    WITHDRAWAL_SENT: (p) => ({
      subject: `提现已发出：${p.amount} ${p.asset}`,
      text: `您提现的 ${p.amount} ${p.asset} 已发送至 ${p.destination}。${p.reference ? `参考号：${p.reference}。` : ''}`,
    }),
    TRANSFER_RECEIVED: (p) => ({
      subject: `您收到 ${p.amount} ${p.asset}`,
      text: `UID ${p.fromUid} 向您转入 ${p.amount} ${p.asset}（${MODE['zh-CN'][p.mode]}账户）。`,
    }),
    FLASH_REMITTANCE_REQUEST: (p) => ({
      subject: `闪电汇款请求：${p.amount} ${p.asset}`,
      text: `UID ${p.fromUid} 正通过闪电汇款向您汇出 ${p.amount} ${p.asset}。请在 ${p.expiresAt} 前登录并打开闪电汇款，同意或拒绝该汇款；逾期汇款将终止。`,
    }),
    KYC_RESULT: (p) => ({
      subject: `身份认证${KYC_CN[p.status]}`,
      text: `您的身份认证${KYC_CN[p.status]}。${p.reason ? `原因：${p.reason}。` : ''}`,
    }),
    NEW_DEVICE_LOGIN: (p) => ({
      subject: '您的账户在新设备上登录',
      text: `您的账户在新设备上登录：${p.device}，IP ${p.ip}，时间 ${p.at}。\n\n如非本人操作，请立即修改密码并联系客服。`,
    }),
    ACCOUNT_CANCELLATION: (p) => ({
      subject: '账户注销',
      text: `您的账户注销申请${CANCEL_CN[p.status]}。${p.reason ?? ''}`,
    }),
    STATEMENT_READY: (p) => ({
      subject: `${p.month} 月度对账单已生成`,
      text: `您 ${p.month} 的月度对账单可在账户中心下载。`,
    }),
    BANK_ACCOUNT: (p) => {
      const texts = {
        OPENED: {
          subject: `您的合作银行账户已开立`,
          text: `您的虚拟账户 ${p.accountNumber ?? ''}（美元和欧元）已开立。请在认证中心完成银行的 e-KYC 步骤以激活账户。`,
        },
        OPEN_FAILED: {
          subject: `您的合作银行账户开立失败`,
          text: `开户失败：${p.reason ?? ''} 您可以在认证中心重新申请。`,
        },
        EKYC_PASSED: {
          subject: `您的合作银行账户已激活`,
          text: `e-KYC 已通过。您的虚拟账户 ${p.accountNumber ?? ''} 已激活，现在可以通过银行转账存入美元和欧元。`,
        },
        EKYC_FAILED: {
          subject: `e-KYC 失败`,
          text: `e-KYC 失败：${p.reason ?? ''} 请在认证中心重新生成链接后重试。`,
        },
      };
      return texts[p.event];
    },
    FIAT_WITHDRAWAL_RETURNED: (p) => ({
      subject: `提现已退回：${p.amount} ${p.asset}`,
      text: `您提现的 ${p.amount} ${p.asset}${p.status === 'REFUSED' ? '未通过风控审核' : '银行未能汇出'}，款项已退回可用余额。${p.reason ? `原因：${p.reason}` : ''}`,
    }),
    FOREIGN_EXCHANGE_SETTLED: (p) =>
      p.status === 'COMPLETED'
        ? {
            subject: `兑换已完成：${p.receiveAmount} ${p.to}`,
            text: `您将 ${p.sellAmount} ${p.from} 兑换为 ${p.to} 的订单已完成：${p.receiveAmount} ${p.to} 已存入可用余额。`,
          }
        : {
            subject: `兑换已退回：${p.sellAmount} ${p.from}`,
            text: `您将 ${p.sellAmount} ${p.from} 兑换为 ${p.to} 的订单未能完成，款项已退回可用余额。`,
          },
    COMPETITION_RESULT: (p) => ({
      subject: `体验赢奖励 ${p.name}：您获得第 ${p.rank} 名`,
      text: `体验赢奖励 ${p.name} 已结束。您以 ${p.returnPct}% 的收益率获得第 ${p.rank} 名。${p.reward ? (p.reward.paid ? `${p.reward.amount} ${p.reward.asset} 奖励已存入您的真实账户钱包。` : `您的 ${p.reward.amount} ${p.reward.asset} 奖励将很快存入您的真实账户钱包。`) : ''}`,
    }),
  },
  'zh-TW': {
    ORDER_FILLED: (p) => ({
      subject: `訂單${p.status === 'FILLED' ? '已完全成交' : '部分成交'}：${p.symbol}`,
      text: `您的${MODE['zh-TW'][p.mode]}帳戶 ${p.symbol} ${p.side === 'BUY' ? '買入' : '賣出'}訂單${p.status === 'FILLED' ? '已完全成交' : '部分成交後結束'}：成交 ${p.filledQuantity} / ${p.quantity}${p.averagePrice ? `，均價 ${p.averagePrice}` : ''}。`,
    }),
    DEPOSIT_CREDITED: (p) => ({
      subject: `充值已到帳：${p.amount} ${p.asset}`,
      text: `${p.amount} ${p.asset} 已存入您的${MODE['zh-TW'][p.mode]}帳戶。`,
    }),
    WITHDRAWAL_SENT: (p) => ({
      subject: `提現已發出：${p.amount} ${p.asset}`,
      text: `您提現的 ${p.amount} ${p.asset} 已發送至 ${p.destination}。${p.reference ? `參考號：${p.reference}。` : ''}`,
    }),
    TRANSFER_RECEIVED: (p) => ({
      subject: `您收到 ${p.amount} ${p.asset}`,
      text: `UID ${p.fromUid} 向您轉入 ${p.amount} ${p.asset}（${MODE['zh-TW'][p.mode]}帳戶）。`,
    }),
    FLASH_REMITTANCE_REQUEST: (p) => ({
      subject: `閃電匯款請求：${p.amount} ${p.asset}`,
      text: `UID ${p.fromUid} 正透過閃電匯款向您匯出 ${p.amount} ${p.asset}。請在 ${p.expiresAt} 前登入並開啟閃電匯款，同意或拒絕該匯款；逾期匯款將終止。`,
    }),
    KYC_RESULT: (p) => ({
      subject: `身份認證${KYC_TW[p.status]}`,
      text: `您的身份認證${KYC_TW[p.status]}。${p.reason ? `原因：${p.reason}。` : ''}`,
    }),
    NEW_DEVICE_LOGIN: (p) => ({
      subject: '您的帳戶在新裝置上登入',
      text: `您的帳戶在新裝置上登入：${p.device}，IP ${p.ip}，時間 ${p.at}。\n\n如非本人操作，請立即修改密碼並聯絡客服。`,
    }),
    ACCOUNT_CANCELLATION: (p) => ({
      subject: '帳戶註銷',
      text: `您的帳戶註銷申請${CANCEL_TW[p.status]}。${p.reason ?? ''}`,
    }),
    STATEMENT_READY: (p) => ({
      subject: `${p.month} 月度對帳單已產生`,
      text: `您 ${p.month} 的月度對帳單可在帳戶中心下載。`,
    }),
    BANK_ACCOUNT: (p) => {
      const texts = {
        OPENED: {
          subject: `您的合作銀行帳戶已開立`,
          text: `您的虛擬帳戶 ${p.accountNumber ?? ''}（美元及歐元）已開立。請在認證中心完成銀行的 e-KYC 步驟以啟用帳戶。`,
        },
        OPEN_FAILED: {
          subject: `您的合作銀行帳戶開立失敗`,
          text: `開戶失敗：${p.reason ?? ''} 您可以在認證中心重新申請。`,
        },
        EKYC_PASSED: {
          subject: `您的合作銀行帳戶已啟用`,
          text: `e-KYC 已通過。您的虛擬帳戶 ${p.accountNumber ?? ''} 已啟用，現在可以透過銀行轉帳存入美元及歐元。`,
        },
        EKYC_FAILED: {
          subject: `e-KYC 失敗`,
          text: `e-KYC 失敗：${p.reason ?? ''} 請在認證中心重新產生連結後再試。`,
        },
      };
      return texts[p.event];
    },
    FIAT_WITHDRAWAL_RETURNED: (p) => ({
      subject: `提領已退回：${p.amount} ${p.asset}`,
      text: `您提領的 ${p.amount} ${p.asset}${p.status === 'REFUSED' ? '未通過風控審核' : '銀行未能匯出'}，款項已退回可用餘額。${p.reason ? `原因：${p.reason}` : ''}`,
    }),
    FOREIGN_EXCHANGE_SETTLED: (p) =>
      p.status === 'COMPLETED'
        ? {
            subject: `兌換已完成：${p.receiveAmount} ${p.to}`,
            text: `您將 ${p.sellAmount} ${p.from} 兌換為 ${p.to} 的訂單已完成：${p.receiveAmount} ${p.to} 已存入可用餘額。`,
          }
        : {
            subject: `兌換已退回：${p.sellAmount} ${p.from}`,
            text: `您將 ${p.sellAmount} ${p.from} 兌換為 ${p.to} 的訂單未能完成，款項已退回可用餘額。`,
          },
    COMPETITION_RESULT: (p) => ({
      subject: `體驗贏獎勵 ${p.name}：您獲得第 ${p.rank} 名`,
      text: `體驗贏獎勵 ${p.name} 已結束。您以 ${p.returnPct}% 的報酬率獲得第 ${p.rank} 名。${p.reward ? (p.reward.paid ? `${p.reward.amount} ${p.reward.asset} 獎勵已存入您的真實帳戶錢包。` : `您的 ${p.reward.amount} ${p.reward.asset} 獎勵將很快存入您的真實帳戶錢包。`) : ''}`,
    }),
  },
  ar: {
    ORDER_FILLED: (p) => ({
      subject: `${p.status === 'FILLED' ? 'تم تنفيذ أمر' : 'تم تنفيذ جزء من أمر'} ${SIDE_AR[p.side]}: ${p.symbol}`,
      text: `أمر ${SIDE_AR[p.side]} الخاص بك على ${p.symbol} (${MODE.ar[p.mode]}) ${p.status === 'FILLED' ? 'تم تنفيذه بالكامل' : 'انتهى بتنفيذ جزئي'}: ${p.filledQuantity} من ${p.quantity}${p.averagePrice ? ` بمتوسط سعر ${p.averagePrice}` : ''}.`,
    }),
    DEPOSIT_CREDITED: (p) => ({
      subject: `تم إيداع ${p.amount} ${p.asset}`,
      text: `تم إيداع ${p.amount} ${p.asset} في حسابك (${MODE.ar[p.mode]}).`,
    }),
    WITHDRAWAL_SENT: (p) => ({
      subject: `تم إرسال السحب: ${p.amount} ${p.asset}`,
      text: `تم إرسال سحبك البالغ ${p.amount} ${p.asset} إلى ${p.destination}.${p.reference ? ` المرجع: ${p.reference}.` : ''}`,
    }),
    TRANSFER_RECEIVED: (p) => ({
      subject: `لقد استلمت ${p.amount} ${p.asset}`,
      text: `أرسل إليك UID ${p.fromUid} مبلغ ${p.amount} ${p.asset} (${MODE.ar[p.mode]}).`,
    }),
    FLASH_REMITTANCE_REQUEST: (p) => ({
      subject: `طلب تحويل فوري: ${p.amount} ${p.asset}`,
      text: `يرسل إليك UID ${p.fromUid} مبلغ ${p.amount} ${p.asset} عبر التحويل الفوري. سجّل الدخول وافتح التحويل الفوري للموافقة عليه أو رفضه قبل ${p.expiresAt}؛ وإلا فسينتهي التحويل.`,
    }),
    KYC_RESULT: (p) => ({
      subject: `التحقق من الهوية: ${KYC_AR[p.status]}`,
      text: `نتيجة التحقق من هويتك: ${KYC_AR[p.status]}.${p.reason ? ` السبب: ${p.reason}.` : ''}`,
    }),
    NEW_DEVICE_LOGIN: (p) => ({
      subject: 'تسجيل دخول جديد إلى حسابك',
      text: `تم تسجيل الدخول إلى حسابك من جهاز جديد: ${p.device}، عنوان IP ${p.ip}، في ${p.at}.\n\nإذا لم تكن أنت، فغيّر كلمة المرور فورًا وتواصل مع الدعم.`,
    }),
    ACCOUNT_CANCELLATION: (p) => ({
      subject: 'إلغاء الحساب',
      text: `طلب إلغاء حسابك ${CANCEL_AR[p.status]}.${p.reason ? ` ${p.reason}` : ''}`,
    }),
    STATEMENT_READY: (p) => ({
      subject: `كشف حسابك لشهر ${p.month} جاهز`,
      text: `يمكنك تنزيل كشف حسابك الشهري لشهر ${p.month} من مركز الحساب.`,
    }),
    BANK_ACCOUNT: (p) => {
      const texts = {
        OPENED: {
          subject: `تم فتح حسابك لدى البنك الشريك`,
          text: `تم فتح حسابك الافتراضي ${p.accountNumber ?? ''} (بالدولار الأمريكي واليورو). أكمل خطوة e-KYC الخاصة بالبنك في مركز التحقق لتفعيله.`,
        },
        OPEN_FAILED: {
          subject: `تعذّر فتح حسابك لدى البنك الشريك`,
          text: `فشل فتح الحساب: ${p.reason ?? ''} يمكنك التقديم مرة أخرى من مركز التحقق.`,
        },
        EKYC_PASSED: {
          subject: `تم تفعيل حسابك لدى البنك الشريك`,
          text: `نجح التحقق e-KYC. حسابك الافتراضي ${p.accountNumber ?? ''} مفعّل: يمكنك الآن إيداع الدولار الأمريكي واليورو بالتحويل المصرفي.`,
        },
        EKYC_FAILED: {
          subject: `فشل التحقق e-KYC`,
          text: `فشل التحقق e-KYC: ${p.reason ?? ''} أعد إنشاء الرابط من مركز التحقق وحاول مرة أخرى.`,
        },
      };
      return texts[p.event];
    },
    FIAT_WITHDRAWAL_RETURNED: (p) => ({
      subject: `تمت إعادة السحب: ${p.amount} ${p.asset}`,
      text: `سحبك البالغ ${p.amount} ${p.asset} ${p.status === 'REFUSED' ? 'رُفض في مراجعة المخاطر' : 'تعذّر على البنك إرساله'}. أُعيد المبلغ إلى رصيدك المتاح.${p.reason ? ` السبب: ${p.reason}` : ''}`,
    }),
    FOREIGN_EXCHANGE_SETTLED: (p) =>
      p.status === 'COMPLETED'
        ? {
            subject: `اكتملت عملية الصرف: ${p.receiveAmount} ${p.to}`,
            text: `اكتملت عملية صرف ${p.sellAmount} ${p.from} إلى ${p.to}: أُضيف ${p.receiveAmount} ${p.to} إلى رصيدك المتاح.`,
          }
        : {
            subject: `أُعيدت عملية الصرف: ${p.sellAmount} ${p.from}`,
            text: `تعذّر إتمام عملية صرف ${p.sellAmount} ${p.from} إلى ${p.to}؛ أُعيد المبلغ إلى رصيدك المتاح.`,
          },
    COMPETITION_RESULT: (p) => ({
      subject: `التداول مقابل مكافأة ${p.name}: حللت في المركز ${p.rank}`,
      text: `انتهت مسابقة التداول مقابل مكافأة ${p.name}. حللت في المركز ${p.rank} بعائد ${p.returnPct}٪.${p.reward ? (p.reward.paid ? ` أُضيف ${p.reward.amount} ${p.reward.asset} إلى محفظتك الحقيقية.` : ` ستُدفع مكافأتك البالغة ${p.reward.amount} ${p.reward.asset} إلى محفظتك الحقيقية قريبًا.`) : ''}`,
    }),
  },
  fr: {
    ORDER_FILLED: (p) => ({
      subject: `Ordre ${p.status === 'FILLED' ? 'exécuté' : 'partiellement exécuté'} : ${p.side === 'BUY' ? 'achat' : 'vente'} ${p.symbol}`,
      text: `Votre ordre ${SIDE_FR[p.side]} sur ${p.symbol} (${MODE.fr[p.mode]}) ${p.status === 'FILLED' ? 'a été exécuté' : 's’est terminé partiellement exécuté'} : ${p.filledQuantity} sur ${p.quantity}${p.averagePrice ? ` à un prix moyen de ${p.averagePrice}` : ''}.`,
    }),
    DEPOSIT_CREDITED: (p) => ({
      subject: `Dépôt crédité : ${p.amount} ${p.asset}`,
      text: `${p.amount} ${p.asset} ont été crédités sur votre compte (${MODE.fr[p.mode]}).`,
    }),
    WITHDRAWAL_SENT: (p) => ({
      subject: `Retrait envoyé : ${p.amount} ${p.asset}`,
      text: `Votre retrait de ${p.amount} ${p.asset} a été envoyé à ${p.destination}.${p.reference ? ` Référence : ${p.reference}.` : ''}`,
    }),
    TRANSFER_RECEIVED: (p) => ({
      subject: `Vous avez reçu ${p.amount} ${p.asset}`,
      text: `L’UID ${p.fromUid} vous a envoyé ${p.amount} ${p.asset} (${MODE.fr[p.mode]}).`,
    }),
    FLASH_REMITTANCE_REQUEST: (p) => ({
      subject: `Demande de transfert instantané : ${p.amount} ${p.asset}`,
      text: `L’UID ${p.fromUid} vous envoie ${p.amount} ${p.asset} par virement éclair. Connectez-vous et ouvrez Virement éclair pour l’accepter ou le refuser avant le ${p.expiresAt} ; sinon il prend fin.`,
    }),
    KYC_RESULT: (p) => ({
      subject: `Vérification d’identité ${KYC_FR[p.status]}`,
      text: `Votre vérification d’identité ${p.status === 'FAILED' ? 'n’a pas pu aboutir' : `a été ${KYC_FR[p.status]}`}.${p.reason ? ` Motif : ${p.reason}.` : ''}`,
    }),
    NEW_DEVICE_LOGIN: (p) => ({
      subject: 'Nouvelle connexion à votre compte',
      text: `Une connexion à votre compte a eu lieu depuis un nouvel appareil : ${p.device}, IP ${p.ip}, le ${p.at}.\n\nSi ce n’était pas vous, changez immédiatement votre mot de passe et contactez le support.`,
    }),
    ACCOUNT_CANCELLATION: (p) => ({
      subject: 'Clôture du compte',
      text: `Votre demande de clôture de compte ${CANCEL_FR[p.status]}.${p.reason ? ` ${p.reason}` : ''}`,
    }),
    STATEMENT_READY: (p) => ({
      subject: `Votre relevé de ${p.month} est disponible`,
      text: `Votre relevé mensuel de ${p.month} peut être téléchargé depuis l’espace compte.`,
    }),
    BANK_ACCOUNT: (p) => {
      const texts = {
        OPENED: {
          subject: `Votre compte auprès de la banque partenaire est ouvert`,
          text: `Votre compte virtuel ${p.accountNumber ?? ''} (USD et EUR) est ouvert. Terminez l'étape e-KYC de la banque dans le centre de certification pour l'activer.`,
        },
        OPEN_FAILED: {
          subject: `Votre compte auprès de la banque partenaire n'a pas pu être ouvert`,
          text: `Échec de l'ouverture du compte : ${p.reason ?? ''} Vous pouvez refaire la demande dans le centre de certification.`,
        },
        EKYC_PASSED: {
          subject: `Votre compte auprès de la banque partenaire est actif`,
          text: `e-KYC réussi. Votre compte virtuel ${p.accountNumber ?? ''} est actif : vous pouvez désormais déposer des USD et des EUR par virement bancaire.`,
        },
        EKYC_FAILED: {
          subject: `Échec de l'e-KYC`,
          text: `Échec de l'e-KYC : ${p.reason ?? ''} Générez un nouveau lien dans le centre de certification et réessayez.`,
        },
      };
      return texts[p.event];
    },
    FIAT_WITHDRAWAL_RETURNED: (p) => ({
      subject: `Retrait restitué : ${p.amount} ${p.asset}`,
      text: `Votre retrait de ${p.amount} ${p.asset} ${p.status === 'REFUSED' ? 'a été refusé par le contrôle des risques' : 'n’a pas pu être envoyé par la banque'}. Le montant est de retour dans votre solde disponible.${p.reason ? ` Motif : ${p.reason}` : ''}`,
    }),
    FOREIGN_EXCHANGE_SETTLED: (p) =>
      p.status === 'COMPLETED'
        ? {
            subject: `Change effectué : ${p.receiveAmount} ${p.to}`,
            text: `Votre change de ${p.sellAmount} ${p.from} en ${p.to} est effectué : ${p.receiveAmount} ${p.to} sont sur votre solde disponible.`,
          }
        : {
            subject: `Change remboursé : ${p.sellAmount} ${p.from}`,
            text: `Votre change de ${p.sellAmount} ${p.from} en ${p.to} n’a pas pu être effectué ; le montant est de retour sur votre solde disponible.`,
          },
    COMPETITION_RESULT: (p) => ({
      subject: `Trader pour une récompense ${p.name} : vous êtes n° ${p.rank}`,
      text: `La compétition ${p.name} est terminée. Vous êtes classé n° ${p.rank} avec un rendement de ${p.returnPct} %.${p.reward ? (p.reward.paid ? ` ${p.reward.amount} ${p.reward.asset} ont été versés sur votre portefeuille réel.` : ` Votre récompense de ${p.reward.amount} ${p.reward.asset} sera bientôt versée sur votre portefeuille réel.`) : ''}`,
    }),
  },
  de: {
    ORDER_FILLED: (p) => ({
      subject: `Order ${p.status === 'FILLED' ? 'ausgeführt' : 'teilweise ausgeführt'}: ${SIDE_DE[p.side]} ${p.symbol}`,
      text: `Ihre ${p.side === 'BUY' ? 'Kauforder' : 'Verkaufsorder'} für ${p.symbol} (${MODE.de[p.mode]}) ${p.status === 'FILLED' ? 'wurde ausgeführt' : 'endete teilweise ausgeführt'}: ${p.filledQuantity} von ${p.quantity}${p.averagePrice ? ` zu einem Durchschnittspreis von ${p.averagePrice}` : ''}.`,
    }),
    DEPOSIT_CREDITED: (p) => ({
      subject: `Einzahlung gutgeschrieben: ${p.amount} ${p.asset}`,
      text: `${p.amount} ${p.asset} wurden Ihrem Konto gutgeschrieben (${MODE.de[p.mode]}).`,
    }),
    WITHDRAWAL_SENT: (p) => ({
      subject: `Auszahlung gesendet: ${p.amount} ${p.asset}`,
      text: `Ihre Auszahlung von ${p.amount} ${p.asset} wurde an ${p.destination} gesendet.${p.reference ? ` Referenz: ${p.reference}.` : ''}`,
    }),
    TRANSFER_RECEIVED: (p) => ({
      subject: `Sie haben ${p.amount} ${p.asset} erhalten`,
      text: `UID ${p.fromUid} hat Ihnen ${p.amount} ${p.asset} gesendet (${MODE.de[p.mode]}).`,
    }),
    FLASH_REMITTANCE_REQUEST: (p) => ({
      subject: `Blitzüberweisung angefordert: ${p.amount} ${p.asset}`,
      text: `UID ${p.fromUid} sendet Ihnen ${p.amount} ${p.asset} per Blitzüberweisung. Melden Sie sich an und öffnen Sie Blitzüberweisung, um sie vor dem ${p.expiresAt} anzunehmen oder abzulehnen; sonst verfällt sie.`,
    }),
    KYC_RESULT: (p) => ({
      subject: `Identitätsprüfung ${KYC_DE[p.status]}`,
      text: `Ihre Identitätsprüfung ${p.status === 'FAILED' ? KYC_DE.FAILED : `wurde ${KYC_DE[p.status]}`}.${p.reason ? ` Grund: ${p.reason}.` : ''}`,
    }),
    NEW_DEVICE_LOGIN: (p) => ({
      subject: 'Neue Anmeldung bei Ihrem Konto',
      text: `Bei Ihrem Konto hat sich ein neues Gerät angemeldet: ${p.device}, IP ${p.ip}, am ${p.at}.\n\nWenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und wenden Sie sich an den Support.`,
    }),
    ACCOUNT_CANCELLATION: (p) => ({
      subject: 'Kontoschließung',
      text: `Ihr Antrag auf Kontoschließung ${CANCEL_DE[p.status]}.${p.reason ? ` ${p.reason}` : ''}`,
    }),
    STATEMENT_READY: (p) => ({
      subject: `Ihr Kontoauszug für ${p.month} ist verfügbar`,
      text: `Ihr Monatsauszug für ${p.month} kann im Kontobereich heruntergeladen werden.`,
    }),
    BANK_ACCOUNT: (p) => {
      const texts = {
        OPENED: {
          subject: `Ihr Partnerbankkonto ist eröffnet`,
          text: `Ihr virtuelles Konto ${p.accountNumber ?? ''} (USD und EUR) ist eröffnet. Schließen Sie den e-KYC-Schritt der Bank im Zertifizierungszentrum ab, um es zu aktivieren.`,
        },
        OPEN_FAILED: {
          subject: `Ihr Partnerbankkonto konnte nicht eröffnet werden`,
          text: `Kontoeröffnung fehlgeschlagen: ${p.reason ?? ''} Sie können im Zertifizierungszentrum erneut einen Antrag stellen.`,
        },
        EKYC_PASSED: {
          subject: `Ihr Partnerbankkonto ist aktiv`,
          text: `e-KYC bestanden. Ihr virtuelles Konto ${p.accountNumber ?? ''} ist aktiv: Sie können jetzt USD und EUR per Banküberweisung einzahlen.`,
        },
        EKYC_FAILED: {
          subject: `e-KYC fehlgeschlagen`,
          text: `e-KYC fehlgeschlagen: ${p.reason ?? ''} Erstellen Sie im Zertifizierungszentrum einen neuen Link und versuchen Sie es erneut.`,
        },
      };
      return texts[p.event];
    },
    FIAT_WITHDRAWAL_RETURNED: (p) => ({
      subject: `Auszahlung zurückgebucht: ${p.amount} ${p.asset}`,
      text: `Ihre Auszahlung von ${p.amount} ${p.asset} ${p.status === 'REFUSED' ? 'wurde von der Risikoprüfung abgelehnt' : 'konnte von der Bank nicht gesendet werden'}. Der Betrag ist wieder in Ihrem verfügbaren Guthaben.${p.reason ? ` Grund: ${p.reason}` : ''}`,
    }),
    FOREIGN_EXCHANGE_SETTLED: (p) =>
      p.status === 'COMPLETED'
        ? {
            subject: `Tausch abgeschlossen: ${p.receiveAmount} ${p.to}`,
            text: `Ihr Tausch von ${p.sellAmount} ${p.from} in ${p.to} ist abgeschlossen: ${p.receiveAmount} ${p.to} sind in Ihrem verfügbaren Guthaben.`,
          }
        : {
            subject: `Tausch erstattet: ${p.sellAmount} ${p.from}`,
            text: `Ihr Tausch von ${p.sellAmount} ${p.from} in ${p.to} konnte nicht ausgeführt werden; der Betrag ist zurück in Ihrem verfügbaren Guthaben.`,
          },
    COMPETITION_RESULT: (p) => ({
      subject: `Handeln für Prämien ${p.name}: Sie sind auf Platz ${p.rank}`,
      text: `Der Wettbewerb ${p.name} ist beendet. Sie belegen Platz ${p.rank} mit einer Rendite von ${p.returnPct} %.${p.reward ? (p.reward.paid ? ` ${p.reward.amount} ${p.reward.asset} wurden Ihrer echten Wallet gutgeschrieben.` : ` Ihre Prämie von ${p.reward.amount} ${p.reward.asset} wird in Kürze Ihrer echten Wallet gutgeschrieben.`) : ''}`,
    }),
  },
  ja: {
    ORDER_FILLED: (p) => ({
      subject: `注文が${p.status === 'FILLED' ? '約定しました' : '一部約定しました'}：${p.symbol}`,
      text: `${MODE.ja[p.mode]}口座の ${p.symbol} ${SIDE_JA[p.side]}注文が${p.status === 'FILLED' ? '約定しました' : '一部約定で終了しました'}：約定 ${p.filledQuantity} / ${p.quantity}${p.averagePrice ? `、平均価格 ${p.averagePrice}` : ''}。`,
    }),
    DEPOSIT_CREDITED: (p) => ({
      subject: `入金が反映されました：${p.amount} ${p.asset}`,
      text: `${p.amount} ${p.asset} が${MODE.ja[p.mode]}口座に入金されました。`,
    }),
    WITHDRAWAL_SENT: (p) => ({
      subject: `出金を送信しました：${p.amount} ${p.asset}`,
      text: `${p.amount} ${p.asset} の出金を ${p.destination} に送信しました。${p.reference ? `参照番号：${p.reference}。` : ''}`,
    }),
    TRANSFER_RECEIVED: (p) => ({
      subject: `${p.amount} ${p.asset} を受け取りました`,
      text: `UID ${p.fromUid} から ${p.amount} ${p.asset} が送金されました（${MODE.ja[p.mode]}口座）。`,
    }),
    FLASH_REMITTANCE_REQUEST: (p) => ({
      subject: `フラッシュ送金のリクエスト：${p.amount} ${p.asset}`,
      text: `UID ${p.fromUid} からフラッシュ送金で ${p.amount} ${p.asset} が送られています。${p.expiresAt} までにログインしてフラッシュ送金を開き、承認または拒否してください。期限を過ぎると送金は終了します。`,
    }),
    KYC_RESULT: (p) => ({
      subject: `本人確認が${KYC_JA[p.status]}`,
      text: `本人確認が${KYC_JA[p.status]}。${p.reason ? `理由：${p.reason}。` : ''}`,
    }),
    NEW_DEVICE_LOGIN: (p) => ({
      subject: '新しい端末からのログイン',
      text: `新しい端末からアカウントにログインがありました：${p.device}、IP ${p.ip}、日時 ${p.at}。\n\nお心当たりがない場合は、すぐにパスワードを変更し、サポートまでご連絡ください。`,
    }),
    ACCOUNT_CANCELLATION: (p) => ({
      subject: 'アカウントの解約',
      text: `アカウント解約の申請は${CANCEL_JA[p.status]}。${p.reason ?? ''}`,
    }),
    STATEMENT_READY: (p) => ({
      subject: `${p.month} の取引報告書が作成されました`,
      text: `${p.month} の月次取引報告書はアカウントセンターからダウンロードできます。`,
    }),
    BANK_ACCOUNT: (p) => {
      const texts = {
        OPENED: {
          subject: `提携銀行口座が開設されました`,
          text: `バーチャル口座 ${p.accountNumber ?? ''}（USD・EUR）が開設されました。認証センターで銀行の e-KYC 手続きを完了すると有効になります。`,
        },
        OPEN_FAILED: {
          subject: `提携銀行口座を開設できませんでした`,
          text: `口座開設に失敗しました：${p.reason ?? ''} 認証センターから再度お申し込みいただけます。`,
        },
        EKYC_PASSED: {
          subject: `提携銀行口座が有効になりました`,
          text: `e-KYC に合格しました。バーチャル口座 ${p.accountNumber ?? ''} が有効になり、銀行振込で USD と EUR を入金できます。`,
        },
        EKYC_FAILED: {
          subject: `e-KYC に失敗しました`,
          text: `e-KYC に失敗しました：${p.reason ?? ''} 認証センターでリンクを再発行して、もう一度お試しください。`,
        },
      };
      return texts[p.event];
    },
    FIAT_WITHDRAWAL_RETURNED: (p) => ({
      subject: `出金が返却されました：${p.amount} ${p.asset}`,
      text: `${p.amount} ${p.asset} の出金は${p.status === 'REFUSED' ? 'リスク審査で却下されました' : '銀行から送金できませんでした'}。金額は利用可能残高に戻りました。${p.reason ? `理由：${p.reason}` : ''}`,
    }),
    FOREIGN_EXCHANGE_SETTLED: (p) =>
      p.status === 'COMPLETED'
        ? {
            subject: `両替が完了しました：${p.receiveAmount} ${p.to}`,
            text: `${p.sellAmount} ${p.from} から ${p.to} への両替が完了しました。${p.receiveAmount} ${p.to} が利用可能残高に入金されました。`,
          }
        : {
            subject: `両替は返金されました：${p.sellAmount} ${p.from}`,
            text: `${p.sellAmount} ${p.from} から ${p.to} への両替を完了できませんでした。金額は利用可能残高に戻りました。`,
          },
    COMPETITION_RESULT: (p) => ({
      subject: `報酬付きトレード ${p.name}：${p.rank} 位`,
      text: `報酬付きトレード ${p.name} が終了しました。リターン ${p.returnPct}% で ${p.rank} 位になりました。${p.reward ? (p.reward.paid ? `${p.reward.amount} ${p.reward.asset} がリアルのウォレットに入金されました。` : `${p.reward.amount} ${p.reward.asset} の報酬はまもなくリアルのウォレットに入金されます。`) : ''}`,
    }),
  },
  ko: {
    ORDER_FILLED: (p) => ({
      subject: `주문 ${p.status === 'FILLED' ? '체결' : '부분 체결'}: ${SIDE_KO[p.side]} ${p.symbol}`,
      text: `${MODE.ko[p.mode]} 계정의 ${p.symbol} ${SIDE_KO[p.side]} 주문이 ${p.status === 'FILLED' ? '체결되었습니다' : '부분 체결로 종료되었습니다'}: ${p.quantity} 중 ${p.filledQuantity} 체결${p.averagePrice ? `, 평균 가격 ${p.averagePrice}` : ''}.`,
    }),
    DEPOSIT_CREDITED: (p) => ({
      subject: `입금 완료: ${p.amount} ${p.asset}`,
      text: `${p.amount} ${p.asset}이(가) ${MODE.ko[p.mode]} 계정에 입금되었습니다.`,
    }),
    WITHDRAWAL_SENT: (p) => ({
      subject: `출금 전송됨: ${p.amount} ${p.asset}`,
      text: `${p.amount} ${p.asset} 출금이 ${p.destination}(으)로 전송되었습니다.${p.reference ? ` 참조 번호: ${p.reference}.` : ''}`,
    }),
    TRANSFER_RECEIVED: (p) => ({
      subject: `${p.amount} ${p.asset}을(를) 받았습니다`,
      text: `UID ${p.fromUid}님이 ${p.amount} ${p.asset}을(를) 보냈습니다(${MODE.ko[p.mode]} 계정).`,
    }),
    FLASH_REMITTANCE_REQUEST: (p) => ({
      subject: `플래시 송금 요청: ${p.amount} ${p.asset}`,
      text: `UID ${p.fromUid}님이 즉시 송금으로 ${p.amount} ${p.asset}을(를) 보내고 있습니다. ${p.expiresAt} 전에 로그인하여 즉시 송금에서 동의 또는 거절하세요. 기한이 지나면 송금이 종료됩니다.`,
    }),
    KYC_RESULT: (p) => ({
      subject: `신원 인증이 ${KYC_KO[p.status]}`,
      text: `신원 인증이 ${KYC_KO[p.status]}.${p.reason ? ` 사유: ${p.reason}.` : ''}`,
    }),
    NEW_DEVICE_LOGIN: (p) => ({
      subject: '새 기기에서 계정에 로그인했습니다',
      text: `새 기기에서 계정에 로그인했습니다: ${p.device}, IP ${p.ip}, 시간 ${p.at}.\n\n본인이 아니라면 즉시 비밀번호를 변경하고 고객 지원에 문의하세요.`,
    }),
    ACCOUNT_CANCELLATION: (p) => ({
      subject: '계정 해지',
      text: `계정 해지 신청이 ${CANCEL_KO[p.status]}.${p.reason ? ` ${p.reason}` : ''}`,
    }),
    STATEMENT_READY: (p) => ({
      subject: `${p.month} 거래 명세서가 준비되었습니다`,
      text: `${p.month} 월간 거래 명세서를 계정 센터에서 다운로드할 수 있습니다.`,
    }),
    BANK_ACCOUNT: (p) => {
      const texts = {
        OPENED: {
          subject: `제휴 은행 계좌가 개설되었습니다`,
          text: `가상 계좌 ${p.accountNumber ?? ''}(USD 및 EUR)가 개설되었습니다. 인증 센터에서 은행의 e-KYC 단계를 완료하면 활성화됩니다.`,
        },
        OPEN_FAILED: {
          subject: `제휴 은행 계좌를 개설하지 못했습니다`,
          text: `계좌 개설 실패: ${p.reason ?? ''} 인증 센터에서 다시 신청할 수 있습니다.`,
        },
        EKYC_PASSED: {
          subject: `제휴 은행 계좌가 활성화되었습니다`,
          text: `e-KYC를 통과했습니다. 가상 계좌 ${p.accountNumber ?? ''}가 활성화되어 이제 은행 송금으로 USD와 EUR를 입금할 수 있습니다.`,
        },
        EKYC_FAILED: {
          subject: `e-KYC 실패`,
          text: `e-KYC 실패: ${p.reason ?? ''} 인증 센터에서 링크를 다시 생성한 후 다시 시도해 주세요.`,
        },
      };
      return texts[p.event];
    },
    FIAT_WITHDRAWAL_RETURNED: (p) => ({
      subject: `출금 반환: ${p.amount} ${p.asset}`,
      text: `${p.amount} ${p.asset} 출금이 ${p.status === 'REFUSED' ? '위험 심사에서 거절되었습니다' : '은행에서 송금되지 못했습니다'}. 금액이 사용 가능 잔액으로 돌아왔습니다.${p.reason ? ` 사유: ${p.reason}` : ''}`,
    }),
    FOREIGN_EXCHANGE_SETTLED: (p) =>
      p.status === 'COMPLETED'
        ? {
            subject: `환전 완료: ${p.receiveAmount} ${p.to}`,
            text: `${p.sellAmount} ${p.from}에서 ${p.to}(으)로의 환전이 완료되었습니다. ${p.receiveAmount} ${p.to}이(가) 사용 가능 잔액에 입금되었습니다.`,
          }
        : {
            subject: `환전 환불: ${p.sellAmount} ${p.from}`,
            text: `${p.sellAmount} ${p.from}에서 ${p.to}(으)로의 환전을 완료하지 못했습니다. 금액이 사용 가능 잔액으로 돌아왔습니다.`,
          },
    COMPETITION_RESULT: (p) => ({
      subject: `보상 거래 ${p.name}: ${p.rank}위`,
      text: `보상 거래 ${p.name}이(가) 종료되었습니다. 수익률 ${p.returnPct}%로 ${p.rank}위를 기록했습니다.${p.reward ? (p.reward.paid ? ` ${p.reward.amount} ${p.reward.asset}이(가) 실거래 지갑에 입금되었습니다.` : ` ${p.reward.amount} ${p.reward.asset} 보상이 곧 실거래 지갑에 입금됩니다.`) : ''}`,
    }),
  },
};

/** What a mail's link says before the address, per language. */
const OPEN_LINK: Record<MailLanguage, string> = {
  en: 'Open it:',
  'zh-CN': '打开：',
  'zh-TW': '打開：',
  ar: 'افتحه:',
  fr: 'L’ouvrir :',
  de: 'Öffnen:',
  ja: '開く：',
  ko: '열기:',
};

/** The page a mailed notice links to, where the user acts on it (none for the others). */
function pageOf(n: Pick<Notification, 'type' | 'params'>): string | null {
  if (n.type === 'FLASH_REMITTANCE_REQUEST') {
    const { requestId } = n.params as { requestId: string };
    return flashConfirmPage(requestId);
  }
  return null;
}

/**
 * The mail of a notification in `language` (null for a type that is not e-mailed). With the
 * address users reach the exchange at (PUBLIC_BASE_URL), a notice the user must act on links to
 * its page.
 */
export function renderNotificationMail(
  n: Pick<Notification, 'type' | 'params'>,
  language: ErrorLanguage,
  publicBaseUrl?: string,
): { subject: string; text: string } | null {
  // Each type's texts take that type's params: the pair is checked where TEXTS is declared.
  const render = (TEXTS[language] as Partial<Record<NotificationType, unknown>>)[n.type] as
    | ((p: unknown) => { subject: string; text: string })
    | undefined;
  if (!render) return null;
  const mail = render(n.params);
  const page = pageOf(n);
  if (page === null || publicBaseUrl === undefined) return mail;
  return {
    ...mail,
    text: `${mail.text}\n\n${OPEN_LINK[language]} ${new URL(page, publicBaseUrl).href}`,
  };
}
