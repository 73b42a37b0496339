import type { Messages } from './en';

/** Account cancellation (de). */
export const cancellationDe: Messages['cancellation'] = {
  title: 'Kontokündigung',
  subtitle:
    'Schließen Sie Ihr Konto endgültig. Ihre Unterlagen werden gesetzeskonform aufbewahrt; mit der E-Mail-Adresse kann später ein neues Konto eröffnet werden.',
  entry: {
    title: 'Konto kündigen',
    body: 'Dieses Konto endgültig schließen.',
    open: 'Konto kündigen',
  },
  what: {
    title: 'Bevor Sie beginnen',
    review: 'Anträge werden innerhalb von 7 bis 15 Hongkonger Geschäftstagen geprüft.',
    during:
      'Während der Prüfung können Sie sich weiterhin anmelden, Orders stornieren, Guthaben auszahlen und den Antrag zurückziehen. Neue Orders und Einzahlungen sind pausiert.',
    after:
      'Nach der Kündigung werden alle Geräte abgemeldet und das Konto kann sich nicht mehr anmelden. Guthaben unter der Staubgrenze bleiben verbucht.',
  },
  conditions: {
    title: 'Voraussetzungen',
    met: 'Erfüllt',
    unmet: 'Offen',
    NO_OPEN_ORDERS: {
      title: 'Keine offenen Orders',
      ok: 'Sie haben keine offenen Orders.',
      fix: 'Stornieren Sie Ihre offenen Orders: {{list}}.',
      action: 'Zu den Orders',
    },
    NO_PENDING_MONEY: {
      title: 'Keine ausstehenden Ein- oder Auszahlungen',
      ok: 'Es ist kein Geld unterwegs.',
      fix: 'Warten Sie, bis diese abgeschlossen sind: {{list}}.',
      action: 'Zur Wallet',
    },
    BALANCES_WITHDRAWN: {
      title: 'Guthaben ausgezahlt',
      ok: 'Jedes Echtgeld-Guthaben ist ausgezahlt oder liegt unter der Staubgrenze (etwa 1 USD pro Asset).',
      fix: 'Zahlen Sie diese Guthaben aus (Staubgrenze in Klammern): {{list}}.',
      action: 'Zur Wallet',
    },
    AUTHENTICATOR_LINKED: {
      title: 'Google Authenticator verknüpft',
      ok: 'Google Authenticator ist verknüpft; Sie bestätigen mit seinem Code.',
      fix: 'Verknüpfen Sie Google Authenticator, um den Antrag zu bestätigen.',
      action: 'Sicherheitseinstellungen',
    },
    NO_SECURITY_LOCK: {
      title: 'Keine Sicherheitssperre',
      ok: 'Keine kürzliche Sicherheitsänderung pausiert sensible Aktionen.',
      fix: 'Eine kürzliche Sicherheitsänderung pausiert dies bis {{until}}.',
      action: 'Sicherheitseinstellungen',
    },
  },
  modes: {
    '0': 'Echt',
    '1': 'Demo',
    '2': 'Test',
  },
  pending: {
    FROZEN_BALANCE: 'eingefrorene Beträge',
    CRYPTO_DEPOSIT: 'Krypto-Einzahlungen',
    CRYPTO_WITHDRAWAL: 'Krypto-Auszahlungen',
    FIAT_DEPOSIT: 'Fiat-Einzahlungen',
    FIAT_WITHDRAWAL: 'Fiat-Auszahlungen',
  },
  form: {
    title: 'Kündigung beantragen',
    reason: 'Warum verlassen Sie uns?',
    note: 'Notiz',
    noteHint: '2 bis 100 Zeichen.',
    noteRequired: 'Bitte geben Sie eine Notiz mit 2-100 Zeichen ein.',
    reasonRequired: 'Wählen Sie einen Grund.',
    proof: 'Nachweis (optional)',
    proofHint: 'Zum Beispiel ein unterschriebener Brief.',
    confirmTitle: 'Mit Ihren Codes bestätigen',
    acknowledge:
      'Ich verstehe, dass mein Konto nach erfolgreicher Prüfung endgültig geschlossen wird.',
    acknowledgeRequired: 'Bitte bestätigen Sie, dass Sie dies verstanden haben.',
    submit: 'Antrag senden',
    blocked: 'Erfüllen Sie alle oben genannten Voraussetzungen, um einen Antrag zu senden.',
  },
  reasons: {
    NO_LONGER_NEEDED: 'Ich brauche das Konto nicht mehr',
    SWITCH_ACCOUNT_TYPE: 'Ich möchte mich mit einem anderen Kontotyp neu registrieren',
    ANOTHER_ACCOUNT: 'Ich habe ein anderes Konto',
    SECURITY_CONCERN: 'Sicherheits- oder Datenschutzbedenken',
    FEES: 'Die Gebühren sind zu hoch',
    EXPERIENCE: 'Ich bin mit dem Service nicht zufrieden',
    OTHER: 'Sonstiges',
  },
  review: {
    title: 'In Prüfung',
    body: 'Ihr Antrag wird geprüft. Wir schreiben Ihnen, sobald entschieden ist.',
    submitted: 'Gesendet',
    expected: 'Erwartete Entscheidung',
    latest: 'Spätestens',
    reason: 'Grund',
    withdraw: 'Kündigung zurückziehen',
    withdrawTitle: 'Konto behalten?',
    withdrawBody: 'Der Antrag endet und Ihr Konto bleibt wie bisher geöffnet.',
    withdrawConfirm: 'Mein Konto behalten',
    back: 'Zurück',
  },
  failed: {
    title: 'Kontokündigung fehlgeschlagen',
    CONDITIONS_NOT_MET: 'Am Ende der Prüfung waren diese Voraussetzungen nicht erfüllt: {{list}}.',
    REVIEWER_REJECTED: 'Der Prüfer hat den Antrag abgelehnt: {{note}}',
    retry: 'Sie können dies beheben und unten einen neuen Antrag senden.',
  },
  withdrawn: 'Sie haben Ihren Antrag vom {{date}} zurückgezogen. Ihr Konto bleibt geöffnet.',
};
