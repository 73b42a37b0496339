/** French texts of notifications, the message centre and the account-centre overview. */
export const notificationsFr = {
  bell: 'Notifications',
  unreadBadge: '{{count}} non lues',
  recent: 'Notifications récentes',
  viewAll: 'Tout voir',
  none: "Aucune notification pour l'instant.",
  noneBody: 'Les avis sur vos ordres, dépôts et votre sécurité apparaîtront ici.',
  markAllRead: 'Tout marquer comme lu',
  markRead: 'Marquer comme lu',
  unreadOnly: 'Non lues seulement',
  unread: 'Non lue',
  tabs: {
    personal: 'Mes notifications',
    announcements: 'Annonces',
  },
  loginToSee: 'Connectez-vous pour voir vos propres notifications.',
  login: 'Se connecter',
  noAnnouncements: "Aucune annonce pour l'instant.",
  previous: 'Précédent',
  next: 'Suivant',
  page: 'Page {{page}}',
  back: 'Retour à la liste',
  prefs: {
    title: 'Notifications par e-mail',
    body: 'Choisissez les avis qui arrivent aussi par e-mail. Les connexions depuis un nouvel appareil et la clôture du compte sont toujours envoyées par e-mail.',
    always: 'Toujours envoyé par e-mail',
    save: 'Enregistrer',
    saved: "Vos choix d'e-mail ont été enregistrés.",
  },
  modes: {
    real: 'Réel',
    demo: 'Démo',
    trial: 'Essai',
  },
  sides: {
    BUY: 'Achat',
    SELL: 'Vente',
  },
  types: {
    ORDER_FILLED: {
      name: 'Ordre exécuté',
      title: 'Ordre exécuté',
      titlePartial: 'Ordre partiellement exécuté',
      body: '{{side}} {{symbol}} ({{mode}}) : {{filled}} sur {{quantity}} exécutés au prix moyen de {{price}}.',
    },
    DEPOSIT_CREDITED: {
      name: 'Dépôt crédité',
      title: 'Dépôt crédité',
      body: '{{amount}} {{asset}} ont été crédités sur votre compte {{mode}}.',
    },
    WITHDRAWAL_SENT: {
      name: 'Retrait envoyé',
      title: 'Retrait envoyé',
      body: '{{amount}} {{asset}} ont été envoyés à {{destination}}.',
    },
    TRANSFER_RECEIVED: {
      name: 'Virement reçu',
      title: 'Virement reçu',
      body: "L'UID {{fromUid}} vous a envoyé {{amount}} {{asset}} (compte {{mode}}).",
    },
    FLASH_REMITTANCE_REQUEST: {
      name: 'Demande de transfert éclair',
      title: 'Demande de transfert éclair',
      body: "L'UID {{fromUid}} vous envoie {{amount}} {{asset}}. Acceptez ou refusez avant le {{expiresAt}}.",
      open: 'Ouvrir le virement',
    },
    KYC_RESULT: {
      name: "Résultat de la vérification d'identité",
      title: "Vérification d'identité",
      PASS: "Votre vérification d'identité a été approuvée : toutes les fonctions de votre compte sont ouvertes.",
      REJECT:
        "Votre vérification d'identité a été refusée : {{reason}}. Corrigez-la et soumettez-la à nouveau.",
      FAILED: "Votre vérification d'identité n'a pas pu aboutir. Veuillez la soumettre à nouveau.",
    },
    SECURITY_CHANGE: {
      name: 'Changement de sécurité',
      title: 'Changement de sécurité',
      PASSWORD_CHANGED: 'Votre mot de passe de connexion a été modifié.',
      EMAIL_CHANGED: 'Votre adresse e-mail a été modifiée.',
      AUTHENTICATOR_LINKED: 'Google Authenticator a été associé à votre compte.',
      AUTHENTICATOR_UNLINKED: 'Google Authenticator a été dissocié de votre compte.',
      locked:
        "Les retraits, virements internes et transferts éclair sont suspendus jusqu'au {{until}}.",
      notYou:
        "Si ce n'était pas vous, réinitialisez votre mot de passe et contactez le support immédiatement.",
    },
    NEW_DEVICE_LOGIN: {
      name: 'Connexion depuis un nouvel appareil',
      title: 'Connexion depuis un nouvel appareil',
      body: "Votre compte s'est connecté sur {{device}} depuis l'IP {{ip}} le {{at}}. Si ce n'était pas vous, changez votre mot de passe immédiatement.",
    },
    ANNOUNCEMENT: {
      name: 'Annonce',
      title: 'Annonce',
      body: '{{title}}',
    },
    ACCOUNT_CANCELLATION: {
      name: 'Clôture du compte',
      title: 'Clôture du compte',
      UNDER_REVIEW: "Votre demande de clôture est en cours d'examen (7 à 15 jours ouvrés).",
      WITHDRAWN: 'Votre demande de clôture a été retirée : votre compte reste ouvert.',
      FAILED: "Votre demande de clôture n'a pas pu aboutir. Vous pouvez réessayer.",
      SUCCEEDED: 'Votre compte a été clôturé.',
    },
    STATEMENT_READY: {
      name: 'Relevé mensuel',
      title: 'Relevé disponible',
      body: 'Votre relevé de {{month}} est prêt à être téléchargé.',
    },
    BANK_ACCOUNT: {
      name: 'Compte auprès de la banque partenaire',
      title: 'Compte bancaire partenaire',
      OPENED:
        "Votre compte virtuel {{accountNumber}} est ouvert. Terminez l'étape e-KYC de la banque pour l'activer.",
      OPEN_FAILED:
        "Échec de l'ouverture du compte : {{reason}}. Vous pouvez refaire la demande dans le centre de certification.",
      EKYC_PASSED: 'e-KYC réussi : votre compte virtuel {{accountNumber}} est actif.',
      EKYC_FAILED: "Échec de l'e-KYC : {{reason}}. Générez un nouveau lien et réessayez.",
    },
    FIAT_WITHDRAWAL_RETURNED: {
      name: 'Retrait fiat restitué',
      title: 'Retrait restitué',
      REFUSED:
        'Votre retrait de {{amount}} {{asset}} a été refusé par le contrôle des risques ; le montant est de retour dans votre solde disponible.',
      FAILED:
        'Votre retrait de {{amount}} {{asset}} n’a pas pu être envoyé par la banque ; le montant est de retour dans votre solde disponible.',
    },
    FOREIGN_EXCHANGE_SETTLED: {
      name: 'Change de devises réglé',
      title: 'Change réglé',
      COMPLETED:
        'Votre change de {{sellAmount}} {{from}} en {{to}} est effectué : {{receiveAmount}} {{to}} sont sur votre solde disponible.',
      REFUNDED:
        'Votre change de {{sellAmount}} {{from}} en {{to}} n’a pas pu être effectué ; le montant est de retour sur votre solde disponible.',
    },
    COMPETITION_RESULT: {
      name: 'Résultat Trader pour une récompense',
      title: 'Résultats Trader pour une récompense',
      WON_PAID:
        'Trader pour une récompense {{name}} est terminé : vous êtes classé n° {{rank}} avec un rendement de {{returnPct}} % et {{amount}} {{asset}} sont dans votre portefeuille Réel.',
      WON_PENDING:
        'Trader pour une récompense {{name}} est terminé : vous êtes classé n° {{rank}} avec un rendement de {{returnPct}} % et votre récompense de {{amount}} {{asset}} sera versée prochainement dans votre portefeuille Réel.',
      RANKED:
        'Trader pour une récompense {{name}} est terminé : vous êtes classé n° {{rank}} avec un rendement de {{returnPct}} %.',
      open: 'Voir le classement',
    },
  },
};

export const overviewFr = {
  title: 'Aperçu du compte',
  greeting: 'Bon retour',
  uid: 'UID',
  copy: 'Copier',
  copied: 'Copié',
  email: 'E-mail',
  accountType: 'Type de compte',
  individual: 'Particulier',
  institution: 'Institution',
  kyc: {
    title: "Vérification d'identité",
    verified: 'Vérifié (niveau {{level}})',
    optedOut: "Sans vérification d'identité",
    pending: 'Pas encore vérifié',
    notChosen: 'Type de compte non choisi',
    unlocksVerified:
      'Ouvert : dépôts et retraits en monnaie fiduciaire et en crypto, virements, transferts éclair et trading au comptant sans limite.',
    unlocksOptedOut:
      "Trading au comptant avec une limite quotidienne et dépôts crypto ; la monnaie fiduciaire et les virements exigent la vérification d'identité.",
    unlocksPending:
      'Vérifiez votre identité pour ouvrir les dépôts, retraits, virements et le trading.',
    action: 'Vérifier maintenant',
    manage: 'Voir les détails',
  },
  security: {
    title: 'Niveau de sécurité',
    level: 'Niveau {{level}} sur {{max}}',
    email: 'E-mail',
    password: 'Mot de passe de connexion',
    authenticator: 'Google Authenticator',
    set: 'Configuré',
    notSet: 'Non configuré',
    manage: 'Paramètres de sécurité',
  },
  valuation: {
    title: 'Valorisation totale',
    note: "Estimée en {{fiat}} d'après les derniers prix et les taux de change de référence ; les actifs sans prix ne sont pas comptés.",
    parity: "Le flux de taux n'a pas encore de taux USDT : l'USDT est compté à 1 USD.",
    real: 'Réel',
    demo: 'Démo',
    trial: 'Essai',
  },
  shortcuts: {
    title: 'Raccourcis',
    deposit: 'Déposer',
    withdraw: 'Retirer',
    trade: 'Trader',
    wallet: 'Portefeuille',
  },
  activity: {
    title: 'Activité récente',
    empty: "Rien pour l'instant : vos ordres, dépôts et changements de sécurité apparaîtront ici.",
    all: 'Centre de messages',
  },
};
