/** Arabic texts of notifications, the message centre and the account-centre overview. */
export const notificationsAr = {
  bell: 'الإشعارات',
  unreadBadge: '{{count}} غير مقروءة',
  recent: 'أحدث الإشعارات',
  viewAll: 'عرض الكل',
  none: 'لا توجد إشعارات بعد.',
  noneBody: 'ستظهر هنا الإشعارات الخاصة بأوامرك وإيداعاتك وأمان حسابك.',
  markAllRead: 'تعليم الكل كمقروء',
  markRead: 'تعليم كمقروء',
  unreadOnly: 'غير المقروءة فقط',
  unread: 'غير مقروء',
  tabs: {
    personal: 'إشعاراتي',
    announcements: 'الإعلانات',
  },
  loginToSee: 'سجّل الدخول لرؤية إشعاراتك الخاصة.',
  login: 'تسجيل الدخول',
  noAnnouncements: 'لا توجد إعلانات بعد.',
  previous: 'السابق',
  next: 'التالي',
  page: 'الصفحة {{page}}',
  back: 'العودة إلى القائمة',
  prefs: {
    title: 'إشعارات البريد الإلكتروني',
    body: 'اختر الإشعارات التي تصلك أيضًا بالبريد الإلكتروني. يُرسل دائمًا بريد عند تسجيل الدخول من جهاز جديد وعند إلغاء الحساب.',
    always: 'يُرسل دائمًا بالبريد',
    save: 'حفظ',
    saved: 'تم حفظ اختيارات البريد الإلكتروني.',
  },
  modes: {
    real: 'حقيقي',
    demo: 'تجريبي',
    trial: 'تجربة',
  },
  sides: {
    BUY: 'شراء',
    SELL: 'بيع',
  },
  types: {
    ORDER_FILLED: {
      name: 'تنفيذ أمر',
      title: 'تم تنفيذ الأمر',
      titlePartial: 'تم تنفيذ الأمر جزئيًا',
      body: '{{side}} {{symbol}} ({{mode}}): نُفّذ {{filled}} من {{quantity}} بمتوسط سعر {{price}}.',
    },
    DEPOSIT_CREDITED: {
      name: 'إيداع مُضاف',
      title: 'تمت إضافة الإيداع',
      body: 'أُضيف {{amount}} {{asset}} إلى حسابك {{mode}}.',
    },
    WITHDRAWAL_SENT: {
      name: 'سحب مُرسل',
      title: 'تم إرسال السحب',
      body: 'أُرسل {{amount}} {{asset}} إلى {{destination}}.',
    },
    TRANSFER_RECEIVED: {
      name: 'تحويل مستلم',
      title: 'تم استلام تحويل',
      body: 'أرسل إليك UID {{fromUid}} مبلغ {{amount}} {{asset}} (حساب {{mode}}).',
    },
    FLASH_REMITTANCE_REQUEST: {
      name: 'طلب تحويل فوري',
      title: 'طلب تحويل فوري',
      body: 'يرسل إليك UID {{fromUid}} مبلغ {{amount}} {{asset}}. وافق عليه أو ارفضه قبل {{expiresAt}}.',
      open: 'فتح التحويل',
    },
    KYC_RESULT: {
      name: 'نتيجة التحقق من الهوية',
      title: 'التحقق من الهوية',
      PASS: 'تمت الموافقة على التحقق من هويتك: جميع ميزات حسابك متاحة الآن.',
      REJECT: 'رُفض التحقق من هويتك: {{reason}}. صحّح البيانات وأعد الإرسال.',
      FAILED: 'تعذّر إكمال التحقق من هويتك. يُرجى الإرسال مرة أخرى.',
    },
    SECURITY_CHANGE: {
      name: 'تغيير أمني',
      title: 'تغيير أمني',
      PASSWORD_CHANGED: 'تم تغيير كلمة مرور الدخول.',
      EMAIL_CHANGED: 'تم تغيير عنوان بريدك الإلكتروني.',
      AUTHENTICATOR_LINKED: 'تم ربط Google Authenticator بحسابك.',
      AUTHENTICATOR_UNLINKED: 'تم إلغاء ربط Google Authenticator بحسابك.',
      locked: 'السحب والتحويلات الداخلية والتحويل الفوري متوقفة حتى {{until}}.',
      notYou: 'إن لم تكن أنت، فأعد تعيين كلمة المرور واتصل بالدعم فورًا.',
    },
    NEW_DEVICE_LOGIN: {
      name: 'تسجيل دخول من جهاز جديد',
      title: 'تسجيل دخول من جهاز جديد',
      body: 'سُجّل الدخول إلى حسابك على {{device}} من عنوان IP {{ip}} في {{at}}. إن لم تكن أنت، فغيّر كلمة المرور فورًا.',
    },
    ANNOUNCEMENT: {
      name: 'إعلان',
      title: 'إعلان',
      body: '{{title}}',
    },
    ACCOUNT_CANCELLATION: {
      name: 'إلغاء الحساب',
      title: 'إلغاء الحساب',
      UNDER_REVIEW: 'طلب الإلغاء قيد المراجعة (من 7 إلى 15 يوم عمل).',
      WITHDRAWN: 'تم سحب طلب الإلغاء: يبقى حسابك مفتوحًا.',
      FAILED: 'تعذّر إكمال طلب الإلغاء. يمكنك المحاولة مرة أخرى.',
      SUCCEEDED: 'تم إلغاء حسابك.',
    },
    STATEMENT_READY: {
      name: 'كشف الحساب الشهري',
      title: 'كشف الحساب جاهز',
      body: 'كشف حسابك لشهر {{month}} جاهز للتنزيل.',
    },
    BANK_ACCOUNT: {
      name: 'حساب البنك الشريك',
      title: 'حساب البنك الشريك',
      OPENED: 'تم فتح حسابك الافتراضي {{accountNumber}}. أكمل خطوة e-KYC الخاصة بالبنك لتفعيله.',
      OPEN_FAILED: 'فشل فتح الحساب: {{reason}}. يمكنك التقديم مرة أخرى من مركز التحقق.',
      EKYC_PASSED: 'نجح التحقق e-KYC: حسابك الافتراضي {{accountNumber}} مفعّل.',
      EKYC_FAILED: 'فشل التحقق e-KYC: {{reason}}. أعد إنشاء الرابط وحاول مرة أخرى.',
    },
    FIAT_WITHDRAWAL_RETURNED: {
      name: 'إعادة سحب العملات الورقية',
      title: 'تمت إعادة السحب',
      REFUSED:
        'رُفض سحبك البالغ {{amount}} {{asset}} في مراجعة المخاطر؛ أُعيد المبلغ إلى رصيدك المتاح.',
      FAILED:
        'تعذّر على البنك إرسال سحبك البالغ {{amount}} {{asset}}؛ أُعيد المبلغ إلى رصيدك المتاح.',
    },
    FOREIGN_EXCHANGE_SETTLED: {
      name: 'تسوية صرف العملات',
      title: 'تمت تسوية عملية الصرف',
      COMPLETED:
        'اكتملت عملية صرف {{sellAmount}} {{from}} إلى {{to}}: أُضيف {{receiveAmount}} {{to}} إلى رصيدك المتاح.',
      REFUNDED:
        'تعذّر إتمام عملية صرف {{sellAmount}} {{from}} إلى {{to}}؛ أُعيد المبلغ إلى رصيدك المتاح.',
    },
    COMPETITION_RESULT: {
      name: 'نتيجة التداول مقابل مكافأة',
      title: 'نتائج التداول مقابل مكافأة',
      WON_PAID:
        'انتهت فترة التداول مقابل مكافأة {{name}}: حللت في المركز {{rank}} بعائد {{returnPct}} %، وأصبح {{amount}} {{asset}} في محفظتك الحقيقية.',
      WON_PENDING:
        'انتهت فترة التداول مقابل مكافأة {{name}}: حللت في المركز {{rank}} بعائد {{returnPct}} %، وستُدفع مكافأتك البالغة {{amount}} {{asset}} إلى محفظتك الحقيقية قريبًا.',
      RANKED:
        'انتهت فترة التداول مقابل مكافأة {{name}}: حللت في المركز {{rank}} بعائد {{returnPct}} %.',
      open: 'عرض لوحة الصدارة',
    },
  },
};

export const overviewAr = {
  title: 'نظرة عامة على الحساب',
  greeting: 'مرحبًا بعودتك',
  uid: 'UID',
  copy: 'نسخ',
  copied: 'تم النسخ',
  email: 'البريد الإلكتروني',
  accountType: 'نوع الحساب',
  individual: 'فرد',
  institution: 'مؤسسة',
  kyc: {
    title: 'التحقق من الهوية',
    verified: 'موثّق (المستوى {{level}})',
    optedOut: 'بدون تحقق من الهوية',
    pending: 'لم يتم التحقق بعد',
    notChosen: 'لم يُختر نوع الحساب',
    unlocksVerified:
      'متاح: إيداع وسحب العملات الورقية والمشفرة، والتحويلات، والتحويل الفوري، والتداول الفوري بلا حدود.',
    unlocksOptedOut:
      'تداول فوري بحد يومي وإيداع العملات المشفرة؛ العملات الورقية والتحويلات تتطلب التحقق من الهوية.',
    unlocksPending: 'تحقق من هويتك لفتح الإيداع والسحب والتحويلات والتداول.',
    action: 'تحقق الآن',
    manage: 'عرض التفاصيل',
  },
  security: {
    title: 'مستوى الأمان',
    level: 'المستوى {{level}} من {{max}}',
    email: 'البريد الإلكتروني',
    password: 'كلمة مرور الدخول',
    authenticator: 'Google Authenticator',
    set: 'مُفعّل',
    notSet: 'غير مُفعّل',
    manage: 'إعدادات الأمان',
  },
  valuation: {
    title: 'إجمالي التقييم',
    note: 'تقدير بعملة {{fiat}} وفق آخر الأسعار وأسعار الصرف المرجعية؛ لا تُحتسب الأصول التي لا سعر لها.',
    parity: 'لا يتضمن مصدر الأسعار سعرًا لـ USDT بعد: يُحتسب USDT بقيمة 1 USD.',
    real: 'حقيقي',
    demo: 'تجريبي',
    trial: 'تجربة',
  },
  shortcuts: {
    title: 'اختصارات',
    deposit: 'إيداع',
    withdraw: 'سحب',
    trade: 'تداول',
    wallet: 'المحفظة',
  },
  activity: {
    title: 'النشاط الأخير',
    empty: 'لا شيء بعد: ستظهر هنا أوامرك وإيداعاتك وتغييرات الأمان.',
    all: 'مركز الرسائل',
  },
};
