import { ERROR_LANGUAGES, type ErrorLanguage } from '@exchange/contracts';

/**
 * The account's own e-mails in every client language: e-mailed codes, the notice to an owner
 * whose address someone tried to register again, the security-change notices and the end of an
 * account cancellation. Plain text, so Arabic needs no direction markup (the mail client lays
 * right-to-left text out by itself). A language without a text fails the typecheck; the
 * completeness test renders every text in every language.
 */
export type MailLanguage = ErrorLanguage;

export type CodeMailPurpose =
  | 'REGISTER'
  | 'RESET_PASSWORD'
  | 'CHANGE_PASSWORD'
  | 'CHANGE_EMAIL_OLD'
  | 'CHANGE_EMAIL_NEW'
  | 'UNLINK_AUTHENTICATOR'
  | 'STEP_UP';

export type SecurityNoticeKind = 'PASSWORD_CHANGED' | 'EMAIL_CHANGED' | 'AUTHENTICATOR_UNLINKED';

export interface Mail {
  subject: string;
  text: string;
}

interface AccountMailTexts {
  codeSubject: Record<CodeMailPurpose, string>;
  codeText: (code: string) => string;
  existingAccount: Mail;
  notice: Record<SecurityNoticeKind, { subject: string; text: (newEmail: string) => string }>;
  /** The lock after a change and what to do if it was not the owner, below every notice. */
  noticeFooter: string;
  cancellationFailed: Mail;
  cancellationDone: Mail;
}

export const ACCOUNT_MAILS: Record<MailLanguage, AccountMailTexts> = {
  en: {
    codeSubject: {
      REGISTER: 'Your registration code',
      RESET_PASSWORD: 'Your password reset code',
      CHANGE_PASSWORD: 'Your code to change the password',
      CHANGE_EMAIL_OLD: 'Your code to change the e-mail address',
      CHANGE_EMAIL_NEW: 'Your code to confirm the new e-mail address',
      UNLINK_AUTHENTICATOR: 'Your code to unlink Google Authenticator',
      STEP_UP: 'Your security verification code',
    },
    codeText: (code) =>
      `Your verification code is ${code}. It is valid for 10 minutes and can be used once.\n\nIf you did not ask for it, ignore this e-mail.`,
    existingAccount: {
      subject: 'Someone tried to register with your e-mail address',
      text: 'Someone asked to register a new account with this e-mail address, but you already have an account here.\n\nIf it was you, log in with your password, or reset your password from the login page if you have forgotten it.\n\nIf it was not you, ignore this e-mail: nothing has changed on your account.',
    },
    notice: {
      PASSWORD_CHANGED: {
        subject: 'Your password was changed',
        text: () => 'The password of your account was changed and every session was signed out.',
      },
      EMAIL_CHANGED: {
        subject: 'Your e-mail address was changed',
        text: (to) =>
          `The e-mail address of your account was changed to ${to} and every session was signed out. This address no longer signs in.`,
      },
      AUTHENTICATOR_UNLINKED: {
        subject: 'Google Authenticator was unlinked',
        text: () => 'Google Authenticator was unlinked from your account.',
      },
    },
    noticeFooter:
      'For your safety, withdrawals, internal transfers and flash remittance are disabled for 24 hours.\n\nIf this was not you, reset your password at once and contact support: someone may have access to your account.',
    cancellationFailed: {
      subject: 'Account cancellation failed',
      text: 'Your account cancellation request could not be completed. Sign in to see why and try again.',
    },
    cancellationDone: {
      subject: 'Your account has been cancelled',
      text: 'Your account has been cancelled and every session was signed out. Your records are kept as the law requires. You may register again with this address as a new account.',
    },
  },
  'zh-CN': {
    codeSubject: {
      REGISTER: '您的注册验证码',
      RESET_PASSWORD: '您的重置密码验证码',
      CHANGE_PASSWORD: '您的修改密码验证码',
      CHANGE_EMAIL_OLD: '您的修改邮箱验证码',
      CHANGE_EMAIL_NEW: '您的新邮箱确认验证码',
      UNLINK_AUTHENTICATOR: '您的解绑 Google Authenticator 验证码',
      STEP_UP: '您的安全验证码',
    },
    codeText: (code) =>
      `您的验证码是 ${code}，10 分钟内有效，仅可使用一次。\n\n如果这不是您本人的请求，请忽略此邮件。`,
    existingAccount: {
      subject: '有人尝试使用您的邮箱注册',
      text: '有人尝试使用此邮箱注册新账户，但您已在本平台拥有账户。\n\n如果是您本人，请使用密码登录；如果忘记了密码，可在登录页重置。\n\n如果不是您本人，请忽略此邮件：您的账户没有任何变化。',
    },
    notice: {
      PASSWORD_CHANGED: {
        subject: '您的密码已修改',
        text: () => '您账户的密码已修改，所有会话均已退出登录。',
      },
      EMAIL_CHANGED: {
        subject: '您的邮箱已修改',
        text: (to) => `您账户的邮箱已修改为 ${to}，所有会话均已退出登录。此邮箱将不能再用于登录。`,
      },
      AUTHENTICATOR_UNLINKED: {
        subject: 'Google Authenticator 已解绑',
        text: () => '您的账户已解绑 Google Authenticator。',
      },
    },
    noticeFooter:
      '为了您的账户安全，提现、内部转账和闪电汇款将在 24 小时内被禁用。\n\n如果这不是您本人的操作，请立即重置密码并联系客服：他人可能已经获取了您账户的访问权限。',
    cancellationFailed: {
      subject: '账户注销失败',
      text: '您的账户注销申请未能完成。请登录查看原因后重试。',
    },
    cancellationDone: {
      subject: '您的账户已注销',
      text: '您的账户已注销，所有会话均已退出登录。您的记录将按法律要求保留。您可以使用此邮箱重新注册新账户。',
    },
  },
  'zh-TW': {
    codeSubject: {
      REGISTER: '您的註冊驗證碼',
      RESET_PASSWORD: '您的重設密碼驗證碼',
      CHANGE_PASSWORD: '您的修改密碼驗證碼',
      CHANGE_EMAIL_OLD: '您的修改信箱驗證碼',
      CHANGE_EMAIL_NEW: '您的新信箱確認驗證碼',
      UNLINK_AUTHENTICATOR: '您的解除綁定 Google Authenticator 驗證碼',
      STEP_UP: '您的安全驗證碼',
    },
    codeText: (code) =>
      `您的驗證碼是 ${code}，10 分鐘內有效，僅可使用一次。\n\n如果這不是您本人的請求，請忽略此郵件。`,
    existingAccount: {
      subject: '有人嘗試使用您的信箱註冊',
      text: '有人嘗試使用此信箱註冊新帳戶，但您已在本平台擁有帳戶。\n\n如果是您本人，請使用密碼登入；如果忘記了密碼，可在登入頁重設。\n\n如果不是您本人，請忽略此郵件：您的帳戶沒有任何變化。',
    },
    notice: {
      PASSWORD_CHANGED: {
        subject: '您的密碼已修改',
        text: () => '您帳戶的密碼已修改，所有工作階段均已登出。',
      },
      EMAIL_CHANGED: {
        subject: '您的信箱已修改',
        text: (to) => `您帳戶的信箱已修改為 ${to}，所有工作階段均已登出。此信箱將不能再用於登入。`,
      },
      AUTHENTICATOR_UNLINKED: {
        subject: 'Google Authenticator 已解除綁定',
        text: () => '您的帳戶已解除綁定 Google Authenticator。',
      },
    },
    noticeFooter:
      '為了您的帳戶安全，提領、內部轉帳和閃電匯款將在 24 小時內停用。\n\n如果這不是您本人的操作，請立即重設密碼並聯絡客服：他人可能已經取得您帳戶的存取權限。',
    cancellationFailed: {
      subject: '帳戶註銷失敗',
      text: '您的帳戶註銷申請未能完成。請登入查看原因後重試。',
    },
    cancellationDone: {
      subject: '您的帳戶已註銷',
      text: '您的帳戶已註銷，所有工作階段均已登出。您的紀錄將依法律要求保留。您可以使用此信箱重新註冊新帳戶。',
    },
  },
  ar: {
    codeSubject: {
      REGISTER: 'رمز التسجيل الخاص بك',
      RESET_PASSWORD: 'رمز إعادة تعيين كلمة المرور',
      CHANGE_PASSWORD: 'رمز تغيير كلمة المرور',
      CHANGE_EMAIL_OLD: 'رمز تغيير عنوان البريد الإلكتروني',
      CHANGE_EMAIL_NEW: 'رمز تأكيد عنوان البريد الإلكتروني الجديد',
      UNLINK_AUTHENTICATOR: 'رمز إلغاء ربط Google Authenticator',
      STEP_UP: 'رمز التحقق الأمني الخاص بك',
    },
    codeText: (code) =>
      `رمز التحقق الخاص بك هو ${code}. وهو صالح لمدة 10 دقائق ويمكن استخدامه مرة واحدة.\n\nإذا لم تطلبه، فتجاهل هذه الرسالة.`,
    existingAccount: {
      subject: 'حاول شخص ما التسجيل باستخدام بريدك الإلكتروني',
      text: 'طلب شخص ما تسجيل حساب جديد بهذا البريد الإلكتروني، لكن لديك حسابًا هنا بالفعل.\n\nإذا كنت أنت، فسجّل الدخول بكلمة مرورك، أو أعد تعيين كلمة المرور من صفحة تسجيل الدخول إذا نسيتها.\n\nإذا لم تكن أنت، فتجاهل هذه الرسالة: لم يتغير شيء في حسابك.',
    },
    notice: {
      PASSWORD_CHANGED: {
        subject: 'تم تغيير كلمة المرور',
        text: () => 'تم تغيير كلمة مرور حسابك وتسجيل الخروج من جميع الجلسات.',
      },
      EMAIL_CHANGED: {
        subject: 'تم تغيير عنوان بريدك الإلكتروني',
        text: (to) =>
          `تم تغيير عنوان البريد الإلكتروني لحسابك إلى ${to} وتسجيل الخروج من جميع الجلسات. لم يعد هذا العنوان يُستخدم لتسجيل الدخول.`,
      },
      AUTHENTICATOR_UNLINKED: {
        subject: 'تم إلغاء ربط Google Authenticator',
        text: () => 'تم إلغاء ربط Google Authenticator بحسابك.',
      },
    },
    noticeFooter:
      'حفاظًا على أمانك، يتم تعطيل السحب والتحويلات الداخلية والتحويل السريع لمدة 24 ساعة.\n\nإذا لم تكن أنت، فأعد تعيين كلمة المرور فورًا وتواصل مع الدعم: قد يكون شخص ما قد وصل إلى حسابك.',
    cancellationFailed: {
      subject: 'تعذّر إغلاق الحساب',
      text: 'تعذّر إكمال طلب إغلاق حسابك. سجّل الدخول لمعرفة السبب وحاول مرة أخرى.',
    },
    cancellationDone: {
      subject: 'تم إغلاق حسابك',
      text: 'تم إغلاق حسابك وتسجيل الخروج من جميع الجلسات. نحتفظ بسجلاتك وفقًا لما يقتضيه القانون. يمكنك التسجيل مجددًا بهذا العنوان كحساب جديد.',
    },
  },
  fr: {
    codeSubject: {
      REGISTER: "Votre code d'inscription",
      RESET_PASSWORD: 'Votre code de réinitialisation du mot de passe',
      CHANGE_PASSWORD: 'Votre code pour changer le mot de passe',
      CHANGE_EMAIL_OLD: "Votre code pour changer l'adresse e-mail",
      CHANGE_EMAIL_NEW: 'Votre code pour confirmer la nouvelle adresse e-mail',
      UNLINK_AUTHENTICATOR: 'Votre code pour dissocier Google Authenticator',
      STEP_UP: 'Votre code de vérification de sécurité',
    },
    codeText: (code) =>
      `Votre code de vérification est ${code}. Il est valable 10 minutes et ne peut être utilisé qu'une fois.\n\nSi vous ne l'avez pas demandé, ignorez cet e-mail.`,
    existingAccount: {
      subject: "Quelqu'un a tenté de s'inscrire avec votre adresse e-mail",
      text: "Quelqu'un a demandé à créer un nouveau compte avec cette adresse e-mail, mais vous avez déjà un compte chez nous.\n\nSi c'était vous, connectez-vous avec votre mot de passe, ou réinitialisez-le depuis la page de connexion si vous l'avez oublié.\n\nSi ce n'était pas vous, ignorez cet e-mail : rien n'a changé sur votre compte.",
    },
    notice: {
      PASSWORD_CHANGED: {
        subject: 'Votre mot de passe a été modifié',
        text: () =>
          'Le mot de passe de votre compte a été modifié et toutes les sessions ont été déconnectées.',
      },
      EMAIL_CHANGED: {
        subject: 'Votre adresse e-mail a été modifiée',
        text: (to) =>
          `L'adresse e-mail de votre compte a été remplacée par ${to} et toutes les sessions ont été déconnectées. Cette adresse ne permet plus de se connecter.`,
      },
      AUTHENTICATOR_UNLINKED: {
        subject: 'Google Authenticator a été dissocié',
        text: () => 'Google Authenticator a été dissocié de votre compte.',
      },
    },
    noticeFooter:
      "Pour votre sécurité, les retraits, les transferts internes et les virements éclair sont désactivés pendant 24 heures.\n\nSi ce n'était pas vous, réinitialisez immédiatement votre mot de passe et contactez le support : quelqu'un a peut-être accès à votre compte.",
    cancellationFailed: {
      subject: 'La clôture du compte a échoué',
      text: "Votre demande de clôture de compte n'a pas pu aboutir. Connectez-vous pour en voir la raison et réessayez.",
    },
    cancellationDone: {
      subject: 'Votre compte a été clôturé',
      text: 'Votre compte a été clôturé et toutes les sessions ont été déconnectées. Vos données sont conservées comme la loi l’exige. Vous pouvez vous réinscrire avec cette adresse en tant que nouveau compte.',
    },
  },
  de: {
    codeSubject: {
      REGISTER: 'Ihr Registrierungscode',
      RESET_PASSWORD: 'Ihr Code zum Zurücksetzen des Passworts',
      CHANGE_PASSWORD: 'Ihr Code zum Ändern des Passworts',
      CHANGE_EMAIL_OLD: 'Ihr Code zum Ändern der E-Mail-Adresse',
      CHANGE_EMAIL_NEW: 'Ihr Code zur Bestätigung der neuen E-Mail-Adresse',
      UNLINK_AUTHENTICATOR: 'Ihr Code zum Trennen von Google Authenticator',
      STEP_UP: 'Ihr Sicherheits-Bestätigungscode',
    },
    codeText: (code) =>
      `Ihr Bestätigungscode lautet ${code}. Er ist 10 Minuten gültig und kann einmal verwendet werden.\n\nWenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.`,
    existingAccount: {
      subject: 'Jemand hat versucht, sich mit Ihrer E-Mail-Adresse zu registrieren',
      text: 'Jemand wollte mit dieser E-Mail-Adresse ein neues Konto registrieren, aber Sie haben hier bereits ein Konto.\n\nWenn Sie das waren, melden Sie sich mit Ihrem Passwort an oder setzen Sie es auf der Anmeldeseite zurück, falls Sie es vergessen haben.\n\nWenn Sie das nicht waren, ignorieren Sie diese E-Mail: An Ihrem Konto hat sich nichts geändert.',
    },
    notice: {
      PASSWORD_CHANGED: {
        subject: 'Ihr Passwort wurde geändert',
        text: () =>
          'Das Passwort Ihres Kontos wurde geändert und alle Sitzungen wurden abgemeldet.',
      },
      EMAIL_CHANGED: {
        subject: 'Ihre E-Mail-Adresse wurde geändert',
        text: (to) =>
          `Die E-Mail-Adresse Ihres Kontos wurde in ${to} geändert und alle Sitzungen wurden abgemeldet. Mit dieser Adresse ist keine Anmeldung mehr möglich.`,
      },
      AUTHENTICATOR_UNLINKED: {
        subject: 'Google Authenticator wurde getrennt',
        text: () => 'Google Authenticator wurde von Ihrem Konto getrennt.',
      },
    },
    noticeFooter:
      'Zu Ihrer Sicherheit sind Auszahlungen, interne Überweisungen und Blitzüberweisungen 24 Stunden lang gesperrt.\n\nWenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und wenden Sie sich an den Support: Möglicherweise hat jemand Zugriff auf Ihr Konto.',
    cancellationFailed: {
      subject: 'Kontoschließung fehlgeschlagen',
      text: 'Ihr Antrag auf Kontoschließung konnte nicht abgeschlossen werden. Melden Sie sich an, um den Grund zu sehen, und versuchen Sie es erneut.',
    },
    cancellationDone: {
      subject: 'Ihr Konto wurde geschlossen',
      text: 'Ihr Konto wurde geschlossen und alle Sitzungen wurden abgemeldet. Ihre Daten werden aufbewahrt, wie es das Gesetz verlangt. Sie können sich mit dieser Adresse erneut als neues Konto registrieren.',
    },
  },
  ja: {
    codeSubject: {
      REGISTER: '登録用の確認コード',
      RESET_PASSWORD: 'パスワード再設定用の確認コード',
      CHANGE_PASSWORD: 'パスワード変更用の確認コード',
      CHANGE_EMAIL_OLD: 'メールアドレス変更用の確認コード',
      CHANGE_EMAIL_NEW: '新しいメールアドレス確認用のコード',
      UNLINK_AUTHENTICATOR: 'Google Authenticator 連携解除用の確認コード',
      STEP_UP: 'セキュリティ確認コード',
    },
    codeText: (code) =>
      `確認コードは ${code} です。有効期間は 10 分間で、1 回のみ使用できます。\n\nお心当たりがない場合は、このメールを無視してください。`,
    existingAccount: {
      subject: 'お使いのメールアドレスで登録が試みられました',
      text: 'このメールアドレスで新しいアカウントの登録が試みられましたが、すでにアカウントをお持ちです。\n\nご本人の場合は、パスワードでログインするか、お忘れの場合はログインページからパスワードを再設定してください。\n\nお心当たりがない場合は、このメールを無視してください。アカウントには何の変更もありません。',
    },
    notice: {
      PASSWORD_CHANGED: {
        subject: 'パスワードが変更されました',
        text: () =>
          'アカウントのパスワードが変更され、すべてのセッションからログアウトされました。',
      },
      EMAIL_CHANGED: {
        subject: 'メールアドレスが変更されました',
        text: (to) =>
          `アカウントのメールアドレスが ${to} に変更され、すべてのセッションからログアウトされました。このアドレスではログインできなくなりました。`,
      },
      AUTHENTICATOR_UNLINKED: {
        subject: 'Google Authenticator の連携が解除されました',
        text: () => 'アカウントと Google Authenticator の連携が解除されました。',
      },
    },
    noticeFooter:
      '安全のため、出金、内部送金、フラッシュ送金は 24 時間停止されます。\n\nお心当たりがない場合は、すぐにパスワードを再設定し、サポートにご連絡ください。第三者がアカウントにアクセスしている可能性があります。',
    cancellationFailed: {
      subject: 'アカウント解約を完了できませんでした',
      text: 'アカウント解約の申請を完了できませんでした。ログインして理由を確認し、もう一度お試しください。',
    },
    cancellationDone: {
      subject: 'アカウントが解約されました',
      text: 'アカウントが解約され、すべてのセッションからログアウトされました。記録は法令の定めに従い保管されます。このアドレスで新しいアカウントとして再登録できます。',
    },
  },
  ko: {
    codeSubject: {
      REGISTER: '회원가입 인증 코드',
      RESET_PASSWORD: '비밀번호 재설정 인증 코드',
      CHANGE_PASSWORD: '비밀번호 변경 인증 코드',
      CHANGE_EMAIL_OLD: '이메일 주소 변경 인증 코드',
      CHANGE_EMAIL_NEW: '새 이메일 주소 확인 코드',
      UNLINK_AUTHENTICATOR: 'Google Authenticator 연결 해제 인증 코드',
      STEP_UP: '보안 인증 코드',
    },
    codeText: (code) =>
      `인증 코드는 ${code}입니다. 10분 동안 유효하며 한 번만 사용할 수 있습니다.\n\n요청하지 않으셨다면 이 이메일을 무시하세요.`,
    existingAccount: {
      subject: '누군가 회원님의 이메일 주소로 가입을 시도했습니다',
      text: '누군가 이 이메일 주소로 새 계정 가입을 요청했지만, 회원님은 이미 계정을 보유하고 있습니다.\n\n본인이라면 비밀번호로 로그인하시고, 비밀번호를 잊으셨다면 로그인 페이지에서 재설정하세요.\n\n본인이 아니라면 이 이메일을 무시하세요. 계정에는 아무런 변경도 없습니다.',
    },
    notice: {
      PASSWORD_CHANGED: {
        subject: '비밀번호가 변경되었습니다',
        text: () => '계정 비밀번호가 변경되어 모든 세션에서 로그아웃되었습니다.',
      },
      EMAIL_CHANGED: {
        subject: '이메일 주소가 변경되었습니다',
        text: (to) =>
          `계정 이메일 주소가 ${to}(으)로 변경되어 모든 세션에서 로그아웃되었습니다. 이 주소로는 더 이상 로그인할 수 없습니다.`,
      },
      AUTHENTICATOR_UNLINKED: {
        subject: 'Google Authenticator 연결이 해제되었습니다',
        text: () => '계정에서 Google Authenticator 연결이 해제되었습니다.',
      },
    },
    noticeFooter:
      '안전을 위해 출금, 내부 이체, 플래시 송금이 24시간 동안 제한됩니다.\n\n본인이 아니라면 즉시 비밀번호를 재설정하고 고객 지원에 문의하세요. 다른 사람이 계정에 접근했을 수 있습니다.',
    cancellationFailed: {
      subject: '계정 해지에 실패했습니다',
      text: '계정 해지 신청을 완료하지 못했습니다. 로그인하여 사유를 확인한 후 다시 시도하세요.',
    },
    cancellationDone: {
      subject: '계정이 해지되었습니다',
      text: '계정이 해지되어 모든 세션에서 로그아웃되었습니다. 기록은 법률에 따라 보관됩니다. 이 주소로 새 계정을 다시 가입할 수 있습니다.',
    },
  },
};

/** A stored or requested language code, as a mail language (English when unknown). */
export function mailLanguage(language: string | null | undefined): MailLanguage {
  return (ERROR_LANGUAGES as readonly string[]).includes(language ?? '')
    ? (language as MailLanguage)
    : 'en';
}

export function codeMail(
  language: string | undefined,
  purpose: CodeMailPurpose,
  code: string,
): Mail {
  const texts = ACCOUNT_MAILS[mailLanguage(language)];
  return { subject: texts.codeSubject[purpose], text: texts.codeText(code) };
}

export function existingAccountMail(language: string | undefined): Mail {
  return ACCOUNT_MAILS[mailLanguage(language)].existingAccount;
}

/** `newEmail`: the address an e-mail change went to (told to the old address). */
export function securityNoticeMail(
  language: string | undefined,
  kind: SecurityNoticeKind,
  newEmail = '',
): Mail {
  const texts = ACCOUNT_MAILS[mailLanguage(language)];
  const notice = texts.notice[kind];
  return { subject: notice.subject, text: `${notice.text(newEmail)}\n\n${texts.noticeFooter}` };
}

export function cancellationResultMail(language: string | undefined, failed: boolean): Mail {
  const texts = ACCOUNT_MAILS[mailLanguage(language)];
  return failed ? texts.cancellationFailed : texts.cancellationDone;
}
