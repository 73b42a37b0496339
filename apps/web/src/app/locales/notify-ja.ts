/** Japanese texts of notifications, the message centre and the account-centre overview. */
export const notificationsJa = {
  bell: '通知',
  unreadBadge: '未読 {{count}} 件',
  recent: '最近の通知',
  viewAll: 'すべて表示',
  none: '通知はまだありません。',
  noneBody: '注文、入金、セキュリティに関するお知らせがここに表示されます。',
  markAllRead: 'すべて既読にする',
  markRead: '既読にする',
  unreadOnly: '未読のみ',
  unread: '未読',
  tabs: {
    personal: 'マイ通知',
    announcements: 'お知らせ',
  },
  loginToSee: 'ログインするとご自身の通知を確認できます。',
  login: 'ログイン',
  noAnnouncements: 'お知らせはまだありません。',
  previous: '前へ',
  next: '次へ',
  page: '{{page}} ページ',
  back: '一覧に戻る',
  prefs: {
    title: 'メール通知',
    body: 'メールでも受け取る通知を選択してください。新しい端末からのログインとアカウント解約は常にメールで送信されます。',
    always: '常にメールで送信',
    save: '保存',
    saved: 'メール通知の設定を保存しました。',
  },
  modes: {
    real: 'リアル',
    demo: 'デモ',
    trial: 'トライアル',
  },
  sides: {
    BUY: '買い',
    SELL: '売り',
  },
  types: {
    ORDER_FILLED: {
      name: '注文約定',
      title: '注文が約定しました',
      titlePartial: '注文が一部約定しました',
      body: '{{side}} {{symbol}}（{{mode}}）：{{quantity}} のうち {{filled}} が平均価格 {{price}} で約定しました。',
    },
    DEPOSIT_CREDITED: {
      name: '入金反映',
      title: '入金が反映されました',
      body: '{{amount}} {{asset}} が{{mode}}口座に入金されました。',
    },
    WITHDRAWAL_SENT: {
      name: '出金送信',
      title: '出金を送信しました',
      body: '{{amount}} {{asset}} を {{destination}} に送信しました。',
    },
    TRANSFER_RECEIVED: {
      name: '振替受取',
      title: '振替を受け取りました',
      body: 'UID {{fromUid}} から {{amount}} {{asset}} を受け取りました（{{mode}}口座）。',
    },
    FLASH_REMITTANCE_REQUEST: {
      name: 'フラッシュ送金リクエスト',
      title: 'フラッシュ送金リクエスト',
      body: 'UID {{fromUid}} から {{amount}} {{asset}} が送られています。{{expiresAt}} までに承認または拒否してください。',
      open: '送金を開く',
    },
    KYC_RESULT: {
      name: '本人確認の結果',
      title: '本人確認',
      PASS: '本人確認が承認されました。アカウントのすべての機能をご利用いただけます。',
      REJECT: '本人確認が却下されました：{{reason}}。修正して再提出してください。',
      FAILED: '本人確認を完了できませんでした。再度提出してください。',
    },
    SECURITY_CHANGE: {
      name: 'セキュリティ変更',
      title: 'セキュリティ変更',
      PASSWORD_CHANGED: 'ログインパスワードが変更されました。',
      EMAIL_CHANGED: 'メールアドレスが変更されました。',
      AUTHENTICATOR_LINKED: 'Google Authenticator がアカウントに連携されました。',
      AUTHENTICATOR_UNLINKED: 'Google Authenticator の連携が解除されました。',
      locked: '出金、内部振替、フラッシュ送金は {{until}} まで停止されます。',
      notYou: 'お心当たりがない場合は、直ちにパスワードをリセットしサポートへご連絡ください。',
    },
    NEW_DEVICE_LOGIN: {
      name: '新しい端末からのログイン',
      title: '新しい端末からのログイン',
      body: '{{at}} に {{device}}（IP {{ip}}）からアカウントにログインがありました。お心当たりがない場合は、直ちにパスワードを変更してください。',
    },
    ANNOUNCEMENT: {
      name: 'お知らせ',
      title: 'お知らせ',
      body: '{{title}}',
    },
    ACCOUNT_CANCELLATION: {
      name: 'アカウント解約',
      title: 'アカウント解約',
      UNDER_REVIEW: '解約申請は審査中です（7〜15 営業日）。',
      WITHDRAWN: '解約申請は取り下げられました。アカウントは引き続きご利用いただけます。',
      FAILED: '解約申請を完了できませんでした。再度お試しいただけます。',
      SUCCEEDED: 'アカウントは解約されました。',
    },
    STATEMENT_READY: {
      name: '月次取引報告書',
      title: '取引報告書の準備ができました',
      body: '{{month}} の取引報告書をダウンロードできます。',
    },
    BANK_ACCOUNT: {
      name: '提携銀行口座',
      title: '提携銀行口座',
      OPENED:
        'バーチャル口座 {{accountNumber}} が開設されました。銀行の e-KYC 手続きを完了すると有効になります。',
      OPEN_FAILED:
        '口座開設に失敗しました：{{reason}}。認証センターから再度お申し込みいただけます。',
      EKYC_PASSED: 'e-KYC に合格しました：バーチャル口座 {{accountNumber}} が有効になりました。',
      EKYC_FAILED: 'e-KYC に失敗しました：{{reason}}。リンクを再発行してもう一度お試しください。',
    },
    FIAT_WITHDRAWAL_RETURNED: {
      name: '法定通貨の出金返却',
      title: '出金が返却されました',
      REFUSED:
        '{{amount}} {{asset}} の出金はリスク審査で却下されました。金額は利用可能残高に戻りました。',
      FAILED:
        '{{amount}} {{asset}} の出金は銀行から送金できませんでした。金額は利用可能残高に戻りました。',
    },
    FOREIGN_EXCHANGE_SETTLED: {
      name: '外国為替の決済',
      title: '両替が決済されました',
      COMPLETED:
        '{{sellAmount}} {{from}} から {{to}} への両替が完了しました。{{receiveAmount}} {{to}} が利用可能残高に入金されました。',
      REFUNDED:
        '{{sellAmount}} {{from}} から {{to}} への両替を完了できませんでした。金額は利用可能残高に戻りました。',
    },
    COMPETITION_RESULT: {
      name: '報酬付きトレードの結果',
      title: '報酬付きトレードの結果発表',
      WON_PAID:
        '報酬付きトレード {{name}} が終了しました。リターン {{returnPct}}% で {{rank}} 位となり、{{amount}} {{asset}} がリアルウォレットに入金されました。',
      WON_PENDING:
        '報酬付きトレード {{name}} が終了しました。リターン {{returnPct}}% で {{rank}} 位となりました。報酬 {{amount}} {{asset}} はまもなくリアルウォレットに支払われます。',
      RANKED:
        '報酬付きトレード {{name}} が終了しました。リターン {{returnPct}}% で {{rank}} 位となりました。',
      open: 'ランキングを見る',
    },
  },
};

export const overviewJa = {
  title: 'アカウント概要',
  greeting: 'おかえりなさい',
  uid: 'UID',
  copy: 'コピー',
  copied: 'コピーしました',
  email: 'メール',
  accountType: 'アカウント種別',
  individual: '個人',
  institution: '法人',
  kyc: {
    title: '本人確認',
    verified: '確認済み（レベル {{level}}）',
    optedOut: '本人確認なし',
    pending: '未確認',
    notChosen: 'アカウント種別が未選択',
    unlocksVerified:
      '利用可能：法定通貨と暗号資産の入出金、振替、フラッシュ送金、上限なしの現物取引。',
    unlocksOptedOut:
      '1 日の上限付きの現物取引と暗号資産の入金。法定通貨と振替には本人確認が必要です。',
    unlocksPending: '本人確認を行うと、入金、出金、振替、取引が利用できます。',
    action: '今すぐ確認',
    manage: '詳細を見る',
  },
  security: {
    title: 'セキュリティレベル',
    level: 'レベル {{level}} / {{max}}',
    email: 'メール',
    password: 'ログインパスワード',
    authenticator: 'Google Authenticator',
    set: '設定済み',
    notSet: '未設定',
    manage: 'セキュリティ設定',
  },
  valuation: {
    title: '総資産評価額',
    note: '最新価格と参考為替レートに基づき {{fiat}} で概算しています。価格のない資産は含まれません。',
    parity: 'レート配信に USDT のレートがまだないため、USDT を 1 USD として計算しています。',
    real: 'リアル',
    demo: 'デモ',
    trial: 'トライアル',
  },
  shortcuts: {
    title: 'ショートカット',
    deposit: '入金',
    withdraw: '出金',
    trade: '取引',
    wallet: 'ウォレット',
  },
  activity: {
    title: '最近のアクティビティ',
    empty: 'まだありません。注文、入金、セキュリティの変更がここに表示されます。',
    all: 'メッセージセンター',
  },
};
