import type { Messages } from './en';

/** Account cancellation (ja). */
export const cancellationJa: Messages['cancellation'] = {
  title: 'アカウント解約',
  subtitle:
    'アカウントを完全に閉鎖します。記録は法令に従って保管されます。このメールアドレスで後から新しいアカウントを開設できます。',
  entry: {
    title: 'アカウントを解約',
    body: 'このアカウントを完全に閉鎖します。',
    open: 'アカウントを解約',
  },
  what: {
    title: '始める前に',
    review: '申請は香港の営業日で 7～15 日以内に審査されます。',
    during:
      '審査中もログイン、注文の取消、資金の出金、申請の取り下げができます。新規注文と入金は停止されます。',
    after:
      '解約後はすべてのデバイスからログアウトされ、アカウントにはログインできなくなります。ダスト基準未満の残高は記録に残ります。',
  },
  conditions: {
    title: '解約条件',
    met: '達成',
    unmet: '未対応',
    NO_OPEN_ORDERS: {
      title: '未約定の注文がない',
      ok: '未約定の注文はありません。',
      fix: '未約定の注文を取り消してください：{{list}}。',
      action: '注文へ',
    },
    NO_PENDING_MONEY: {
      title: '処理中の入出金がない',
      ok: '入出金中の資金はありません。',
      fix: '次の処理が完了するまでお待ちください：{{list}}。',
      action: 'ウォレットへ',
    },
    BALANCES_WITHDRAWN: {
      title: '残高の出金済み',
      ok: 'すべてのリアル残高が出金済みか、ダスト基準（資産ごとに約 1 USD）未満です。',
      fix: '次の残高を出金してください（括弧内はダスト基準）：{{list}}。',
      action: 'ウォレットへ',
    },
    AUTHENTICATOR_LINKED: {
      title: 'Google Authenticator 連携済み',
      ok: 'Google Authenticator が連携済みです。そのコードで確認します。',
      fix: '申請を確認するには Google Authenticator を連携してください。',
      action: 'セキュリティ設定',
    },
    NO_SECURITY_LOCK: {
      title: 'セキュリティロックなし',
      ok: '重要な操作を停止する最近のセキュリティ変更はありません。',
      fix: '最近のセキュリティ変更により {{until}} まで停止されています。',
      action: 'セキュリティ設定',
    },
  },
  modes: {
    '0': 'リアル',
    '1': 'デモ',
    '2': 'トライアル',
  },
  pending: {
    FROZEN_BALANCE: '件の凍結資金',
    CRYPTO_DEPOSIT: '件の暗号資産入金',
    CRYPTO_WITHDRAWAL: '件の暗号資産出金',
    FIAT_DEPOSIT: '件の法定通貨入金',
    FIAT_WITHDRAWAL: '件の法定通貨出金',
  },
  form: {
    title: '解約を申請',
    reason: '解約の理由を教えてください',
    note: 'メモ',
    noteHint: '2～100 文字。',
    noteRequired: '2～100 文字のメモを入力してください。',
    reasonRequired: '理由を選択してください。',
    proof: '証明書類（任意）',
    proofHint: '例：署名入りの書面。',
    confirmTitle: 'コードで確認',
    acknowledge: '審査に通過するとアカウントが完全に閉鎖されることを理解しました。',
    acknowledgeRequired: '理解したことを確認してください。',
    submit: '申請を送信',
    blocked: '申請を送信するには上記のすべての条件を満たしてください。',
  },
  reasons: {
    NO_LONGER_NEEDED: 'アカウントが不要になった',
    SWITCH_ACCOUNT_TYPE: '別のアカウント種別で再登録したい',
    ANOTHER_ACCOUNT: '別のアカウントを持っている',
    SECURITY_CONCERN: 'セキュリティまたはプライバシーの懸念',
    FEES: '手数料が高すぎる',
    EXPERIENCE: 'サービスに満足していない',
    OTHER: 'その他',
  },
  review: {
    title: '審査中',
    body: '申請を審査中です。結果が出たらメールでお知らせします。',
    submitted: '申請日時',
    expected: '結果予定日',
    latest: '最長',
    reason: '理由',
    withdraw: '解約を取り下げる',
    withdrawTitle: 'アカウントを維持しますか？',
    withdrawBody: '申請は終了し、アカウントはこれまでどおり利用できます。',
    withdrawConfirm: 'アカウントを維持',
    back: '戻る',
  },
  failed: {
    title: 'アカウント解約に失敗しました',
    CONDITIONS_NOT_MET: '審査終了時に次の条件が満たされていませんでした：{{list}}。',
    REVIEWER_REJECTED: '審査担当者が申請を却下しました：{{note}}',
    retry: '問題を解決して、下から新しい申請を送信できます。',
  },
  withdrawn: '{{date}} の申請を取り下げました。アカウントは引き続き利用できます。',
};
