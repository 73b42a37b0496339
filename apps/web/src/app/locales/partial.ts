import type { PartialMessages } from './en';

/**
 * Languages offered beyond the three complete ones: the shell's main texts are translated, the
 * rest falls back to English. Error texts of every language come from the contracts package.
 */
export const ar: PartialMessages = {
  common: { retry: 'حاول مرة أخرى', loading: 'جارٍ التحميل…', close: 'إغلاق', cancel: 'إلغاء', confirm: 'تأكيد', back: 'رجوع', loadMore: 'تحميل المزيد' },
  nav: {
    markets: 'الأسواق', spotTrade: 'التداول الفوري', wallet: 'المحفظة', orders: 'الطلبات', accountCenter: 'مركز الحساب',
    security: 'الأمان', messageCenter: 'مركز الرسائل', news: 'الأخبار', help: 'المساعدة', login: 'تسجيل الدخول',
    register: 'إنشاء حساب', logout: 'تسجيل الخروج', menu: 'القائمة', language: 'اللغة', download: 'تنزيل التطبيق',
    mode: 'وضع التداول', modes: { real: 'حقيقي', demo: 'تداول تجريبي', trial: 'تداول مقابل مكافأة' },
  },
  access: { title: 'سجّل الدخول للمتابعة', body: 'هذه الصفحة متاحة للمستخدمين المسجلين فقط.' },
  markets: { title: 'الأسواق', searchLabel: 'البحث في الأسواق', searchPlaceholder: 'ابحث بالزوج أو الاسم', tabs: { all: 'الكل', favourites: 'المفضلة' } },
  auth: { loginTitle: 'تسجيل الدخول', registerTitle: 'أنشئ حسابك', email: 'البريد الإلكتروني', password: 'كلمة المرور', loginAction: 'تسجيل الدخول', registerAction: 'إنشاء حساب' },
  notFound: { title: 'الصفحة غير موجودة', home: 'العودة إلى الصفحة الرئيسية' },
};

export const fr: PartialMessages = {
  common: { retry: 'Réessayer', loading: 'Chargement…', close: 'Fermer', cancel: 'Annuler', confirm: 'Confirmer', back: 'Retour', loadMore: 'Charger plus' },
  nav: {
    markets: 'Marchés', spotTrade: 'Trading au comptant', wallet: 'Portefeuille', orders: 'Ordres', accountCenter: 'Espace compte',
    security: 'Sécurité', messageCenter: 'Messages', news: 'Actualités', help: 'Aide', login: 'Se connecter',
    register: "S'inscrire", logout: 'Se déconnecter', menu: 'Menu', language: 'Langue', download: "Télécharger l'app",
    mode: 'Mode de trading', modes: { real: 'Réel', demo: 'Trading démo', trial: 'Trader pour une récompense' },
  },
  access: { title: 'Connectez-vous pour continuer', body: 'Cette page est réservée aux utilisateurs connectés.' },
  markets: { title: 'Marchés', searchLabel: 'Rechercher un marché', searchPlaceholder: 'Paire ou nom', tabs: { all: 'Tous', favourites: 'Favoris' } },
  auth: { loginTitle: 'Connexion', registerTitle: 'Créez votre compte', email: 'E-mail', password: 'Mot de passe', loginAction: 'Se connecter', registerAction: 'Créer un compte' },
  notFound: { title: 'Page introuvable', home: "Retour à l'accueil" },
};

export const de: PartialMessages = {
  common: { retry: 'Erneut versuchen', loading: 'Wird geladen…', close: 'Schließen', cancel: 'Abbrechen', confirm: 'Bestätigen', back: 'Zurück', loadMore: 'Mehr laden' },
  nav: {
    markets: 'Märkte', spotTrade: 'Spot-Handel', wallet: 'Wallet', orders: 'Aufträge', accountCenter: 'Kontobereich',
    security: 'Sicherheit', messageCenter: 'Nachrichten', news: 'Neuigkeiten', help: 'Hilfe', login: 'Anmelden',
    register: 'Registrieren', logout: 'Abmelden', menu: 'Menü', language: 'Sprache', download: 'App herunterladen',
    mode: 'Handelsmodus', modes: { real: 'Echt', demo: 'Demo-Handel', trial: 'Handeln für Prämien' },
  },
  access: { title: 'Zum Fortfahren anmelden', body: 'Diese Seite ist nur für angemeldete Nutzer verfügbar.' },
  markets: { title: 'Märkte', searchLabel: 'Märkte durchsuchen', searchPlaceholder: 'Nach Paar oder Name suchen', tabs: { all: 'Alle', favourites: 'Favoriten' } },
  auth: { loginTitle: 'Anmelden', registerTitle: 'Konto erstellen', email: 'E-Mail', password: 'Passwort', loginAction: 'Anmelden', registerAction: 'Konto erstellen' },
  notFound: { title: 'Seite nicht gefunden', home: 'Zur Startseite' },
};

export const ja: PartialMessages = {
  common: { retry: '再試行', loading: '読み込み中…', close: '閉じる', cancel: 'キャンセル', confirm: '確認', back: '戻る', loadMore: 'さらに読み込む' },
  nav: {
    markets: 'マーケット', spotTrade: '現物取引', wallet: 'ウォレット', orders: '注文', accountCenter: 'アカウントセンター',
    security: 'セキュリティ', messageCenter: 'メッセージ', news: 'ニュース', help: 'ヘルプ', login: 'ログイン',
    register: '新規登録', logout: 'ログアウト', menu: 'メニュー', language: '言語', download: 'アプリをダウンロード',
    mode: '取引モード', modes: { real: 'リアル', demo: 'デモ取引', trial: '報酬付きトレード' },
  },
  access: { title: 'ログインして続行', body: 'このページはログインしたユーザーのみ利用できます。' },
  markets: { title: 'マーケット', searchLabel: 'マーケットを検索', searchPlaceholder: 'ペアまたは名前で検索', tabs: { all: 'すべて', favourites: 'お気に入り' } },
  auth: { loginTitle: 'ログイン', registerTitle: 'アカウントを作成', email: 'メールアドレス', password: 'パスワード', loginAction: 'ログイン', registerAction: 'アカウントを作成' },
  notFound: { title: 'ページが見つかりません', home: 'ホームに戻る' },
};

export const ko: PartialMessages = {
  common: { retry: '다시 시도', loading: '불러오는 중…', close: '닫기', cancel: '취소', confirm: '확인', back: '뒤로', loadMore: '더 보기' },
  nav: {
    markets: '마켓', spotTrade: '현물 거래', wallet: '지갑', orders: '주문', accountCenter: '계정 센터',
    security: '보안', messageCenter: '메시지 센터', news: '뉴스', help: '도움말', login: '로그인',
    register: '회원가입', logout: '로그아웃', menu: '메뉴', language: '언어', download: '앱 다운로드',
    mode: '거래 모드', modes: { real: '실거래', demo: '모의 거래', trial: '보상 거래' },
  },
  access: { title: '계속하려면 로그인하세요', body: '로그인한 사용자만 이 페이지를 볼 수 있습니다.' },
  markets: { title: '마켓', searchLabel: '마켓 검색', searchPlaceholder: '페어 또는 이름으로 검색', tabs: { all: '전체', favourites: '즐겨찾기' } },
  auth: { loginTitle: '로그인', registerTitle: '계정 만들기', email: '이메일', password: '비밀번호', loginAction: '로그인', registerAction: '계정 만들기' },
  notFound: { title: '페이지를 찾을 수 없습니다', home: '홈으로 돌아가기' },
};
