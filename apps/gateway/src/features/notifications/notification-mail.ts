import type { ErrorLanguage, Notification, NotificationType } from '@exchange/contracts';

/**
 * The e-mail of a notification, rendered by the gateway in the user's language (the languages
 * the client offers: English, Simplified and Traditional Chinese; the other interface languages
 * read the English mail). Only the types that may be e-mailed have texts.
 */
type MailLanguage = 'en' | 'zh-CN' | 'zh-TW';
type Texts<T extends NotificationType> = (p: Extract<Notification, { type: T }>['params']) => {
  subject: string;
  text: string;
};

const MODE: Record<MailLanguage, Record<number, string>> = {
  en: { 0: 'Real', 1: 'Demo', 2: 'Trial' },
  'zh-CN': { 0: '真实', 1: '模拟', 2: '体验' },
  'zh-TW': { 0: '真實', 1: '模擬', 2: '體驗' },
};

type MailTexts = { [T in NotificationType]?: Texts<T> };

const KYC_EN = { PASS: 'approved', REJECT: 'rejected', FAILED: 'could not be completed' };
const KYC_CN = { PASS: '已通过', REJECT: '未通过', FAILED: '未能完成' };
const KYC_TW = { PASS: '已通過', REJECT: '未通過', FAILED: '未能完成' };
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
      subject: `Flash remittance request: ${p.amount} ${p.asset}`,
      text: `UID ${p.fromUid} asks you for ${p.amount} ${p.asset}. The request expires at ${p.expiresAt}.`,
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
      text: `UID ${p.fromUid} 向您请求 ${p.amount} ${p.asset}，请求将于 ${p.expiresAt} 过期。`,
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
      text: `UID ${p.fromUid} 向您請求 ${p.amount} ${p.asset}，請求將於 ${p.expiresAt} 過期。`,
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
  },
};

/** The mail of a notification in `language` (English where that language has no mail texts). */
export function renderNotificationMail(
  n: Pick<Notification, 'type' | 'params'>,
  language: ErrorLanguage,
): { subject: string; text: string } | null {
  const lang: MailLanguage = language === 'zh-CN' || language === 'zh-TW' ? language : 'en';
  // Each type's texts take that type's params: the pair is checked where TEXTS is declared.
  const render = TEXTS[lang][n.type] as
    | ((p: unknown) => { subject: string; text: string })
    | undefined;
  return render ? render(n.params) : null;
}
