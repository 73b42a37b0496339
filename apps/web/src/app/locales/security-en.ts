/** English texts of the security settings and the login's Google code step. */
export const securityEn = {
  title: 'Security settings',
  subtitle: 'Protect your account with a strong password and Google Authenticator.',
  level: 'Security level',
  levelValue: 'Level {{level}} of {{max}}',
  levelHint: 'Each linked verification (e-mail, Google Authenticator, identity) raises the level.',
  linked: 'Linked',
  notLinked: 'Not linked',
  change: 'Change',
  required: 'This field is required.',
  emailCode: 'E-mail verification code',
  googleCode: 'Google verification code',
  googleCodeInvalid: 'Enter the 6-digit code from Google Authenticator.',
  codeSent: 'A code was sent. It is valid for 10 minutes.',
  changeWarning:
    'After the change every session signs out, and withdrawals, internal transfers and flash remittance are paused for 24 hours.',
  email: {
    title: 'E-mail',
    body: 'Codes for logins and security changes go to {{email}}.',
    changeTitle: 'Change e-mail address',
    oldCode: 'Code sent to your current address',
    new: 'New e-mail address',
    newCode: 'Code sent to the new address',
  },
  password: {
    title: 'Login password',
    body: 'Used with your e-mail address to log in.',
    none: 'No password yet: set one with "Forgot password?" on the login page.',
    changeTitle: 'Change password',
    old: 'Current password',
    rules:
      '8 to 20 characters with a lowercase letter, an uppercase letter, a number and a symbol.',
  },
  google: {
    title: 'Google Authenticator',
    body: 'A 6-digit code from the app, new every 30 seconds, protects logins and withdrawals.',
    link: 'Link',
    unlink: 'Unlink',
  },
  link: {
    title: 'Link Google Authenticator',
    scan: '1. Scan the QR code with Google Authenticator, or enter the key by hand.',
    qrAlt: 'QR code for Google Authenticator',
    key: 'Key',
    keyHint: 'Keep the key somewhere safe: it restores the codes on a new phone.',
    copy: 'Copy key',
    copied: 'Copied',
    enter: '2. Enter the 6-digit code the app shows.',
    action: 'Link',
  },
  unlink: {
    title: 'Unlink Google Authenticator',
    warning:
      'After unlinking, withdrawals, internal transfers and flash remittance are paused for 24 hours.',
    action: 'Unlink',
  },
  lock: {
    title: 'Withdrawals are paused after a security change',
    body: 'Withdrawals, internal transfers and flash remittance are disabled until {{until}}.',
    left: '{{hours}} h {{minutes}} min left.',
  },
  loginStep: {
    bodyGeneric: 'Enter the 6-digit code from Google Authenticator to finish signing in.',
    body: 'Enter the 6-digit code from Google Authenticator for {{email}}.',
    action: 'Verify and log in',
  },
};
