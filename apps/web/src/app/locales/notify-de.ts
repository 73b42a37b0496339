/** German texts of notifications, the message centre and the account-centre overview. */
export const notificationsDe = {
  bell: 'Benachrichtigungen',
  unreadBadge: '{{count}} ungelesen',
  recent: 'Neueste Benachrichtigungen',
  viewAll: 'Alle anzeigen',
  none: 'Noch keine Benachrichtigungen.',
  noneBody: 'Hinweise zu Ihren Aufträgen, Einzahlungen und zur Sicherheit erscheinen hier.',
  markAllRead: 'Alle als gelesen markieren',
  markRead: 'Als gelesen markieren',
  unreadOnly: 'Nur ungelesene',
  unread: 'Ungelesen',
  tabs: {
    personal: 'Meine Benachrichtigungen',
    announcements: 'Ankündigungen',
  },
  loginToSee: 'Melden Sie sich an, um Ihre eigenen Benachrichtigungen zu sehen.',
  login: 'Anmelden',
  noAnnouncements: 'Noch keine Ankündigungen.',
  previous: 'Zurück',
  next: 'Weiter',
  page: 'Seite {{page}}',
  back: 'Zurück zur Liste',
  prefs: {
    title: 'E-Mail-Benachrichtigungen',
    body: 'Wählen Sie, welche Hinweise zusätzlich per E-Mail kommen. Anmeldungen von einem neuen Gerät und die Kontokündigung werden immer per E-Mail gemeldet.',
    always: 'Immer per E-Mail',
    save: 'Speichern',
    saved: 'Ihre E-Mail-Einstellungen wurden gespeichert.',
  },
  modes: {
    real: 'Echt',
    demo: 'Demo',
    trial: 'Test',
  },
  sides: {
    BUY: 'Kauf',
    SELL: 'Verkauf',
  },
  types: {
    ORDER_FILLED: {
      name: 'Auftrag ausgeführt',
      title: 'Auftrag ausgeführt',
      titlePartial: 'Auftrag teilweise ausgeführt',
      body: '{{side}} {{symbol}} ({{mode}}): {{filled}} von {{quantity}} ausgeführt zum Durchschnittspreis von {{price}}.',
    },
    DEPOSIT_CREDITED: {
      name: 'Einzahlung gutgeschrieben',
      title: 'Einzahlung gutgeschrieben',
      body: '{{amount}} {{asset}} wurden Ihrem {{mode}}-Konto gutgeschrieben.',
    },
    WITHDRAWAL_SENT: {
      name: 'Auszahlung gesendet',
      title: 'Auszahlung gesendet',
      body: '{{amount}} {{asset}} wurden an {{destination}} gesendet.',
    },
    TRANSFER_RECEIVED: {
      name: 'Überweisung erhalten',
      title: 'Überweisung erhalten',
      body: 'UID {{fromUid}} hat Ihnen {{amount}} {{asset}} gesendet ({{mode}}-Konto).',
    },
    FLASH_REMITTANCE_REQUEST: {
      name: 'Blitzüberweisungsanfrage',
      title: 'Blitzüberweisungsanfrage',
      body: 'UID {{fromUid}} sendet Ihnen {{amount}} {{asset}}. Nehmen Sie bis {{expiresAt}} an oder lehnen Sie ab.',
      open: 'Überweisung öffnen',
    },
    KYC_RESULT: {
      name: 'Ergebnis der Identitätsprüfung',
      title: 'Identitätsprüfung',
      PASS: 'Ihre Identitätsprüfung wurde genehmigt: alle Funktionen Ihres Kontos sind freigeschaltet.',
      REJECT:
        'Ihre Identitätsprüfung wurde abgelehnt: {{reason}}. Korrigieren Sie die Angaben und reichen Sie sie erneut ein.',
      FAILED:
        'Ihre Identitätsprüfung konnte nicht abgeschlossen werden. Bitte reichen Sie sie erneut ein.',
    },
    SECURITY_CHANGE: {
      name: 'Sicherheitsänderung',
      title: 'Sicherheitsänderung',
      PASSWORD_CHANGED: 'Ihr Anmeldepasswort wurde geändert.',
      EMAIL_CHANGED: 'Ihre E-Mail-Adresse wurde geändert.',
      AUTHENTICATOR_LINKED: 'Google Authenticator wurde mit Ihrem Konto verknüpft.',
      AUTHENTICATOR_UNLINKED: 'Google Authenticator wurde von Ihrem Konto getrennt.',
      locked:
        'Auszahlungen, interne Überweisungen und Blitzüberweisungen sind bis {{until}} pausiert.',
      notYou:
        'Falls Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und kontaktieren Sie den Support.',
    },
    NEW_DEVICE_LOGIN: {
      name: 'Anmeldung von einem neuen Gerät',
      title: 'Anmeldung von einem neuen Gerät',
      body: 'Ihr Konto wurde am {{at}} auf {{device}} von IP {{ip}} angemeldet. Falls Sie das nicht waren, ändern Sie sofort Ihr Passwort.',
    },
    ANNOUNCEMENT: {
      name: 'Ankündigung',
      title: 'Ankündigung',
      body: '{{title}}',
    },
    ACCOUNT_CANCELLATION: {
      name: 'Kontokündigung',
      title: 'Kontokündigung',
      UNDER_REVIEW: 'Ihr Kündigungsantrag wird geprüft (7 bis 15 Werktage).',
      WITHDRAWN: 'Ihr Kündigungsantrag wurde zurückgezogen: Ihr Konto bleibt bestehen.',
      FAILED:
        'Ihr Kündigungsantrag konnte nicht abgeschlossen werden. Sie können es erneut versuchen.',
      SUCCEEDED: 'Ihr Konto wurde gekündigt.',
    },
    STATEMENT_READY: {
      name: 'Monatsauszug',
      title: 'Auszug bereit',
      body: 'Ihr Auszug für {{month}} steht zum Herunterladen bereit.',
    },
    BANK_ACCOUNT: {
      name: 'Partnerbankkonto',
      title: 'Partnerbankkonto',
      OPENED:
        'Ihr virtuelles Konto {{accountNumber}} ist eröffnet. Schließen Sie den e-KYC-Schritt der Bank ab, um es zu aktivieren.',
      OPEN_FAILED:
        'Kontoeröffnung fehlgeschlagen: {{reason}}. Sie können im Zertifizierungszentrum erneut einen Antrag stellen.',
      EKYC_PASSED: 'e-KYC bestanden: Ihr virtuelles Konto {{accountNumber}} ist aktiv.',
      EKYC_FAILED:
        'e-KYC fehlgeschlagen: {{reason}}. Erstellen Sie einen neuen Link und versuchen Sie es erneut.',
    },
    FIAT_WITHDRAWAL_RETURNED: {
      name: 'Fiat-Auszahlung zurückgebucht',
      title: 'Auszahlung zurückgebucht',
      REFUSED:
        'Ihre Auszahlung von {{amount}} {{asset}} wurde von der Risikoprüfung abgelehnt; der Betrag ist wieder in Ihrem verfügbaren Guthaben.',
      FAILED:
        'Ihre Auszahlung von {{amount}} {{asset}} konnte von der Bank nicht gesendet werden; der Betrag ist wieder in Ihrem verfügbaren Guthaben.',
    },
    FOREIGN_EXCHANGE_SETTLED: {
      name: 'Devisentausch abgerechnet',
      title: 'Tausch abgerechnet',
      COMPLETED:
        'Ihr Tausch von {{sellAmount}} {{from}} in {{to}} ist abgeschlossen: {{receiveAmount}} {{to}} sind in Ihrem verfügbaren Guthaben.',
      REFUNDED:
        'Ihr Tausch von {{sellAmount}} {{from}} in {{to}} konnte nicht ausgeführt werden; der Betrag ist zurück in Ihrem verfügbaren Guthaben.',
    },
    COMPETITION_RESULT: {
      name: 'Ergebnis von „Handeln für Prämien“',
      title: 'Ergebnisse von „Handeln für Prämien“',
      WON_PAID:
        '„Handeln für Prämien“ {{name}} ist beendet: Sie haben Platz {{rank}} mit einer Rendite von {{returnPct}} % erreicht, und {{amount}} {{asset}} sind in Ihrem Echt-Wallet.',
      WON_PENDING:
        '„Handeln für Prämien“ {{name}} ist beendet: Sie haben Platz {{rank}} mit einer Rendite von {{returnPct}} % erreicht, und Ihre Prämie von {{amount}} {{asset}} wird in Kürze in Ihr Echt-Wallet gezahlt.',
      RANKED:
        '„Handeln für Prämien“ {{name}} ist beendet: Sie haben Platz {{rank}} mit einer Rendite von {{returnPct}} % erreicht.',
      open: 'Rangliste ansehen',
    },
  },
};

export const overviewDe = {
  title: 'Kontoübersicht',
  greeting: 'Willkommen zurück',
  uid: 'UID',
  copy: 'Kopieren',
  copied: 'Kopiert',
  email: 'E-Mail',
  accountType: 'Kontotyp',
  individual: 'Privatperson',
  institution: 'Institution',
  kyc: {
    title: 'Identitätsprüfung',
    verified: 'Verifiziert (Stufe {{level}})',
    optedOut: 'Ohne Identitätsprüfung',
    pending: 'Noch nicht verifiziert',
    notChosen: 'Kontotyp nicht gewählt',
    unlocksVerified:
      'Freigeschaltet: Fiat-Ein- und Auszahlungen, Krypto-Ein- und Auszahlungen, Überweisungen, Blitzüberweisungen und Spothandel ohne Limit.',
    unlocksOptedOut:
      'Spothandel mit Tageslimit und Krypto-Einzahlungen; Fiat und Überweisungen erfordern eine Identitätsprüfung.',
    unlocksPending:
      'Verifizieren Sie Ihre Identität, um Einzahlungen, Auszahlungen, Überweisungen und Handel freizuschalten.',
    action: 'Jetzt verifizieren',
    manage: 'Details ansehen',
  },
  security: {
    title: 'Sicherheitsstufe',
    level: 'Stufe {{level}} von {{max}}',
    email: 'E-Mail',
    password: 'Anmeldepasswort',
    authenticator: 'Google Authenticator',
    set: 'Eingerichtet',
    notSet: 'Nicht eingerichtet',
    manage: 'Sicherheitseinstellungen',
  },
  valuation: {
    title: 'Gesamtwert',
    note: 'Geschätzt in {{fiat}} nach den letzten Preisen und Referenzwechselkursen; Vermögenswerte ohne Preis zählen nicht.',
    parity: 'Der Kursdienst liefert noch keinen USDT-Kurs: USDT wird mit 1 USD angesetzt.',
    real: 'Echt',
    demo: 'Demo',
    trial: 'Test',
  },
  shortcuts: {
    title: 'Schnellzugriff',
    deposit: 'Einzahlen',
    withdraw: 'Auszahlen',
    trade: 'Handeln',
    wallet: 'Wallet',
  },
  activity: {
    title: 'Letzte Aktivität',
    empty: 'Noch nichts: Ihre Aufträge, Einzahlungen und Sicherheitsänderungen erscheinen hier.',
    all: 'Nachrichtenzentrum',
  },
};
