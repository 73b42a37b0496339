import type { Messages } from './en';

/** セキュリティ設定とログイン時の Google 認証コードの手順（日本語）。 */
export const securityJa: Messages['security'] = {
  title: 'セキュリティ設定',
  subtitle: '強力なパスワードと Google Authenticator でアカウントを守りましょう。',
  level: 'セキュリティレベル',
  levelValue: 'レベル {{level}} / {{max}}',
  levelHint: '連携した認証（メール、Google Authenticator、本人確認）ごとにレベルが上がります。',
  linked: '連携済み',
  notLinked: '未連携',
  change: '変更',
  required: 'この項目は必須です。',
  emailCode: 'メール認証コード',
  googleCode: 'Google 認証コード',
  googleCodeInvalid: 'Google Authenticator に表示される 6 桁のコードを入力してください。',
  codeSent: 'コードを送信しました。有効期限は 10 分です。',
  changeWarning:
    '変更後はすべてのセッションがログアウトされ、出金・内部送金・フラッシュ送金が 24 時間停止されます。',
  email: {
    title: 'メールアドレス',
    body: 'ログインとセキュリティ変更のコードは {{email}} に送信されます。',
    changeTitle: 'メールアドレスの変更',
    oldCode: '現在のアドレスに送信されたコード',
    new: '新しいメールアドレス',
    newCode: '新しいアドレスに送信されたコード',
  },
  password: {
    title: 'ログインパスワード',
    body: 'メールアドレスと一緒にログインに使用します。',
    none: 'パスワードが未設定です。ログインページの「パスワードをお忘れですか？」から設定してください。',
    changeTitle: 'パスワードの変更',
    old: '現在のパスワード',
    rules: '8〜20 文字で、小文字・大文字・数字・記号をそれぞれ含めてください。',
  },
  google: {
    title: 'Google Authenticator',
    body: 'アプリが 30 秒ごとに表示する 6 桁のコードで、ログインと出金を保護します。',
    link: '連携',
    unlink: '連携解除',
  },
  link: {
    title: 'Google Authenticator の連携',
    scan: '1. Google Authenticator で QR コードを読み取るか、キーを手入力してください。',
    qrAlt: 'Google Authenticator 用の QR コード',
    key: 'キー',
    keyHint: 'キーは安全な場所に保管してください。新しい端末でコードを復元できます。',
    copy: 'キーをコピー',
    copied: 'コピーしました',
    enter: '2. アプリに表示された 6 桁のコードを入力してください。',
    action: '連携',
  },
  unlink: {
    title: 'Google Authenticator の連携解除',
    warning: '連携解除後、出金・内部送金・フラッシュ送金が 24 時間停止されます。',
    action: '連携解除',
  },
  lock: {
    title: 'セキュリティ変更のため出金を停止中',
    body: '出金・内部送金・フラッシュ送金は {{until}} まで利用できません。',
    left: '残り {{hours}} 時間 {{minutes}} 分。',
  },
  loginStep: {
    bodyGeneric: 'ログインを完了するには、Google Authenticator の 6 桁のコードを入力してください。',
    body: '{{email}} の Google Authenticator に表示される 6 桁のコードを入力してください。',
    action: '認証してログイン',
  },
};
