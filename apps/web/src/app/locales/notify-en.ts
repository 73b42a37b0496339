/** English texts of notifications, the message centre and the account-centre overview. */
export const notificationsEn = {
  bell: 'Notifications',
  unreadBadge: '{{count}} unread',
  recent: 'Recent notifications',
  viewAll: 'View all',
  none: 'No notifications yet.',
  noneBody: 'Notices about your orders, deposits and security will appear here.',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  unreadOnly: 'Unread only',
  unread: 'Unread',
  tabs: { personal: 'My notifications', announcements: 'Announcements' },
  loginToSee: 'Log in to see your own notifications.',
  login: 'Log in',
  noAnnouncements: 'No announcements yet.',
  previous: 'Previous',
  next: 'Next',
  page: 'Page {{page}}',
  back: 'Back to the list',
  prefs: {
    title: 'E-mail notifications',
    body: 'Choose which notices also arrive by e-mail. Sign-ins from a new device and account cancellation are always e-mailed.',
    always: 'Always e-mailed',
    save: 'Save',
    saved: 'Your e-mail choices were saved.',
  },
  modes: { real: 'Real', demo: 'Demo', trial: 'Trial' },
  sides: { BUY: 'Buy', SELL: 'Sell' },
  types: {
    ORDER_FILLED: {
      name: 'Order filled',
      title: 'Order filled',
      titlePartial: 'Order partially filled',
      body: '{{side}} {{symbol}} ({{mode}}): {{filled}} of {{quantity}} filled at an average price of {{price}}.',
    },
    DEPOSIT_CREDITED: {
      name: 'Deposit credited',
      title: 'Deposit credited',
      body: '{{amount}} {{asset}} was credited to your {{mode}} account.',
    },
    WITHDRAWAL_SENT: {
      name: 'Withdrawal sent',
      title: 'Withdrawal sent',
      body: '{{amount}} {{asset}} was sent to {{destination}}.',
    },
    TRANSFER_RECEIVED: {
      name: 'Transfer received',
      title: 'Transfer received',
      body: 'UID {{fromUid}} sent you {{amount}} {{asset}} ({{mode}} account).',
    },
    FLASH_REMITTANCE_REQUEST: {
      name: 'Flash remittance request',
      title: 'Flash remittance request',
      body: 'UID {{fromUid}} is sending you {{amount}} {{asset}}. Agree or reject it before {{expiresAt}}.',
      open: 'Open the remittance',
    },
    KYC_RESULT: {
      name: 'Identity verification result',
      title: 'Identity verification',
      PASS: 'Your identity verification was approved: every feature of your account is open.',
      REJECT: 'Your identity verification was rejected: {{reason}}. Correct it and submit again.',
      FAILED: 'Your identity verification could not be completed. Please submit it again.',
    },
    SECURITY_CHANGE: {
      name: 'Security change',
      title: 'Security change',
      PASSWORD_CHANGED: 'Your login password was changed.',
      EMAIL_CHANGED: 'Your e-mail address was changed.',
      AUTHENTICATOR_LINKED: 'Google Authenticator was linked to your account.',
      AUTHENTICATOR_UNLINKED: 'Google Authenticator was unlinked from your account.',
      locked: 'Withdrawals, internal transfers and flash remittance are paused until {{until}}.',
      notYou: 'If this was not you, reset your password and contact support at once.',
    },
    NEW_DEVICE_LOGIN: {
      name: 'Sign-in from a new device',
      title: 'Sign-in from a new device',
      body: 'Your account was signed in on {{device}} from IP {{ip}} at {{at}}. If this was not you, change your password at once.',
    },
    ANNOUNCEMENT: { name: 'Announcement', title: 'Announcement', body: '{{title}}' },
    ACCOUNT_CANCELLATION: {
      name: 'Account cancellation',
      title: 'Account cancellation',
      UNDER_REVIEW: 'Your cancellation request is under review (7 to 15 business days).',
      WITHDRAWN: 'Your cancellation request was withdrawn: your account stays open.',
      FAILED: 'Your cancellation request could not be completed. You may try again.',
      SUCCEEDED: 'Your account was cancelled.',
    },
    STATEMENT_READY: {
      name: 'Monthly statement',
      title: 'Statement ready',
      body: 'Your statement for {{month}} is ready to download.',
    },
    BANK_ACCOUNT: {
      name: 'Partner bank account',
      title: 'Partner bank account',
      OPENED:
        "Your virtual account {{accountNumber}} is open. Finish the bank's e-KYC step to activate it.",
      OPEN_FAILED:
        'Open account failed: {{reason}}. You can apply again in the certification centre.',
      EKYC_PASSED: 'e-KYC passed: your virtual account {{accountNumber}} is active.',
      EKYC_FAILED: 'e-KYC failed: {{reason}}. Regenerate the link and try again.',
    },
    FIAT_WITHDRAWAL_RETURNED: {
      name: 'Fiat withdrawal returned',
      title: 'Withdrawal returned',
      REFUSED:
        'Your withdrawal of {{amount}} {{asset}} was refused by the risk review; the amount is back in your available balance.',
      FAILED:
        'Your withdrawal of {{amount}} {{asset}} could not be sent by the bank; the amount is back in your available balance.',
    },
    FOREIGN_EXCHANGE_SETTLED: {
      name: 'Foreign exchange settled',
      title: 'Exchange settled',
      COMPLETED:
        'Your exchange of {{sellAmount}} {{from}} to {{to}} is complete: {{receiveAmount}} {{to}} is in your available balance.',
      REFUNDED:
        'Your exchange of {{sellAmount}} {{from}} to {{to}} could not be completed; the amount is back in your available balance.',
    },
    COMPETITION_RESULT: {
      name: 'Trade for Reward result',
      title: 'Trade for Reward results',
      WON_PAID:
        'Trade for Reward {{name}} has ended: you placed #{{rank}} with a return of {{returnPct}} % and {{amount}} {{asset}} is in your Real wallet.',
      WON_PENDING:
        'Trade for Reward {{name}} has ended: you placed #{{rank}} with a return of {{returnPct}} % and your reward of {{amount}} {{asset}} will be paid into your Real wallet shortly.',
      RANKED:
        'Trade for Reward {{name}} has ended: you placed #{{rank}} with a return of {{returnPct}} %.',
      open: 'See the leaderboard',
    },
  },
};

export const overviewEn = {
  title: 'Account overview',
  greeting: 'Welcome back',
  uid: 'UID',
  copy: 'Copy',
  copied: 'Copied',
  email: 'E-mail',
  accountType: 'Account type',
  individual: 'Individual',
  institution: 'Institution',
  kyc: {
    title: 'Identity verification',
    verified: 'Verified (level {{level}})',
    optedOut: 'Without identity verification',
    pending: 'Not verified yet',
    notChosen: 'Account type not chosen',
    unlocksVerified:
      'Unlocked: fiat deposits and withdrawals, crypto deposits and withdrawals, transfers, flash remittance and spot trading without limits.',
    unlocksOptedOut:
      'Spot trading with a daily limit and crypto deposits; fiat and transfers need identity verification.',
    unlocksPending: 'Verify your identity to unlock deposits, withdrawals, transfers and trading.',
    action: 'Verify now',
    manage: 'View details',
  },
  security: {
    title: 'Security level',
    level: 'Level {{level}} of {{max}}',
    email: 'E-mail',
    password: 'Login password',
    authenticator: 'Google Authenticator',
    set: 'Set up',
    notSet: 'Not set up',
    manage: 'Security settings',
  },
  valuation: {
    title: 'Total valuation',
    note: 'Estimated in {{fiat}} from the latest prices and reference exchange rates; assets without a price are not counted.',
    parity: 'The rate feed has no USDT rate yet: USDT is counted at 1 USD.',
    real: 'Real',
    demo: 'Demo',
    trial: 'Trial',
  },
  shortcuts: {
    title: 'Shortcuts',
    deposit: 'Deposit',
    withdraw: 'Withdraw',
    trade: 'Trade',
    wallet: 'Wallet',
  },
  activity: {
    title: 'Recent activity',
    empty: 'Nothing yet: your orders, deposits and security changes will show here.',
    all: 'Message centre',
  },
};
