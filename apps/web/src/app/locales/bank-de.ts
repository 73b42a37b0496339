/** de texts of the partner-bank account (certification centre: account opening and e-KYC). */
export const fiatBankDe = {
  title: 'Partnerbankkonto',
  subtitle:
    'Ein virtuelles Konto auf Ihren Namen bei unserer Partnerbank in Hongkong für USD- und EUR-Überweisungen an die und von der Börse.',
  centreEntry: {
    title: 'Partnerbankkonto',
    body: 'Eröffnen Sie Ihr virtuelles USD- und EUR-Konto und schließen Sie das e-KYC der Bank ab, um per Überweisung einzuzahlen.',
    open: 'Bankkonto verwalten',
  },
  steps: { open: 'Konto eröffnen', ekyc: 'e-KYC', active: 'Aktiv' },
  states: {
    NONE: 'Nicht eröffnet',
    OPENING: 'Wird eröffnet',
    OPEN_FAILED: 'Kontoeröffnung fehlgeschlagen',
    EKYC_PENDING: 'e-KYC ausstehend',
    EKYC_FAILED: 'e-KYC fehlgeschlagen',
    ACTIVE: 'Aktiv',
  },
  fees: {
    title: 'Gebühren',
    opening: 'Kontoeröffnungsgebühr',
    monthly: 'Gebühr für das virtuelle Konto',
    perMonth: '{{amount}} {{currency}} pro Monat',
    once: '{{amount}} {{currency}}, einmalig',
    rule: 'Gebühren werden von Ihrem verfügbaren {{currency}}-Guthaben abgebucht. Reicht es nicht aus, wird die Gebühr von Ihrer nächsten {{currency}}-Einzahlung abgezogen. Die Monatsgebühr beginnt im Monat nach der Eröffnung.',
    owed: 'Offen: {{amount}} {{currency}} (wird von Ihrer nächsten Einzahlung abgezogen)',
    history: 'Gebührenverlauf',
    kind: 'Gebühr',
    period: 'Monat',
    amount: 'Betrag',
    state: 'Status',
    date: 'Datum',
    kinds: { OPENING: 'Eröffnungsgebühr', MONTHLY: 'Gebühr für das virtuelle Konto' },
    feeStates: { CHARGED: 'Abgebucht', OWED: 'Offen', DEDUCTED: 'Von einer Einzahlung abgezogen' },
  },
  gate: {
    unverifiedTitle: 'Identitätsprüfung erforderlich',
    unverifiedBody:
      'Schließen Sie die Identitätsprüfung ab, bevor Sie ein Partnerbankkonto eröffnen.',
    unverifiedAction: 'Zur Verifizierung',
    optedOut: 'Kunden ohne Identitätsprüfung können diese Funktion nicht nutzen.',
    realOnlyTitle: 'Nur im Echtmodus',
    realOnlyBody:
      'Das Partnerbankkonto gehört zu Ihrem Echtkonto. Wechseln Sie in den Echtmodus, um fortzufahren.',
    realOnlyAction: 'In den Echtmodus wechseln',
  },
  open: {
    intro:
      'Die Bank eröffnet ein Konto für USD und EUR auf den Namen Ihrer geprüften Identität. Die Entscheidung fällt meist innerhalb einer Minute.',
    agree:
      'Ich stimme der Kontoeröffnungsgebühr und der monatlichen Gebühr für das virtuelle Konto oben zu.',
    submit: 'Konto eröffnen',
    opening: 'Die Bank eröffnet Ihr Konto…',
    failedTitle: 'Kontoeröffnung fehlgeschlagen',
    failedBody: 'Die Bank konnte Ihr Konto nicht eröffnen: {{reason}}',
    retry: 'Erneut beantragen',
  },
  account: {
    title: 'Ihr virtuelles Konto',
    number: 'Kontonummer',
    name: 'Kontoinhaber',
    bank: 'Bank',
    bankCode: 'Bankleitzahl',
    swift: 'SWIFT-Code',
    address: 'Anschrift der Bank',
    currencies: 'Währungen',
    copy: 'Kopieren',
    copied: 'Kopiert',
  },
  ekyc: {
    title: 'e-KYC bei der Bank',
    intro:
      'Die Bank bestätigt Ihre Identität auf ihrer eigenen Seite. Der Link ist 1 Stunde gültig; bei einer Unterbrechung warten Sie, bis er abläuft, und erstellen Sie dann einen neuen.',
    getLink: 'e-KYC-Link anfordern',
    continue: 'e-KYC bei der Bank fortsetzen',
    validUntil: 'Link gültig bis {{time}}',
    waiting: 'Warten auf das Ergebnis der Bank. Diese Seite aktualisiert sich selbst.',
    expired:
      'Link abgelaufen oder Verifizierung fehlgeschlagen. Bitte erstellen Sie einen neuen Link.',
    regenerate: 'Neuen Link erstellen',
    failedTitle: 'e-KYC fehlgeschlagen',
    failedBody: 'Die Bank konnte Ihre Identität nicht bestätigen: {{reason}}',
  },
  active: {
    title: 'Ihr Bankkonto ist aktiv',
    body: 'Überweisen Sie USD oder EUR von einem Bankkonto auf Ihren Namen auf das obige virtuelle Konto.',
    deposit: 'Per Banküberweisung einzahlen',
    since: 'Aktiv seit {{time}}',
  },
};
