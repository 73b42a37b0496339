/** German texts of the foreign exchange page (/foreignExchange). */
export const fxDe = {
  title: 'Devisentausch',
  subtitle:
    'Tauschen Sie eine Fiat-Währung zu einem garantierten Kurs in eine andere, ohne Servicegebühr.',
  fiatHistory: 'Fiat-Verlauf',
  tabs: {
    exchange: 'Tauschen',
    history: 'Verlauf',
  },
  realOnly: {
    title: 'Devisentausch gibt es nur im Echtmodus',
    body: 'Guthaben in Demo und Trade for Reward sind simuliert. Wechseln Sie in den Echtmodus, um Ihr eigenes Geld zu tauschen.',
    action: 'Zum Echtmodus wechseln',
  },
  kyc: {
    title: 'Verifizieren Sie Ihre Identität, um Währungen zu tauschen',
    body: 'Devisentausch steht identitätsverifizierten Konten offen.',
    optedOut:
      'Konten ohne Identitätsprüfung können den Devisentausch nicht nutzen. Verifizieren Sie Ihre Identität im Identitätszentrum.',
    action: 'Identität verifizieren',
  },
  from: 'Von',
  to: 'Nach',
  swap: 'Währungen tauschen',
  option: '{{code}} · {{amount}}',
  amount: 'Zu verkaufender Betrag ({{currency}})',
  available: 'Verfügbar: {{amount}} {{currency}}',
  max: 'Alles',
  rate: 'Kurs',
  youSell: 'Sie verkaufen',
  youReceive: 'Sie erhalten',
  fee: 'Servicegebühr',
  free: 'Kostenlos',
  validFor: 'Angebot gültig für',
  seconds: '{{n}} Sek.',
  refreshing: 'Neues Angebot wird geholt…',
  spreadNote:
    'Der Kurs enthält einen Aufschlag von {{spread}} % auf den Marktkurs; der erhaltene Betrag wird abgerundet.',
  timeline:
    'Der verkaufte Betrag wird sofort reserviert; der Tausch wird nach etwa 30 Minuten zum angebotenen Kurs ausgeführt.',
  submit: 'Tauschen',
  confirmTitle: 'Tausch bestätigen',
  confirmBody: 'Bitte prüfen Sie die Beträge. Der Kurs ist garantiert, solange das Angebot gilt.',
  errors: {
    amount: 'Geben Sie einen Betrag über 0 mit höchstens {{decimals}} Nachkommastellen ein.',
    balance: 'Verfügbares Guthaben reicht nicht aus.',
  },
  states: {
    PROCESSING: 'In Bearbeitung',
    COMPLETED: 'Abgeschlossen',
    REFUNDED: 'Erstattet',
  },
  result: {
    titles: {
      PROCESSING: 'Tausch übermittelt',
      COMPLETED: 'Tausch abgeschlossen',
      REFUNDED: 'Tausch erstattet',
    },
    processing: 'In Bearbeitung: abgeschlossen gegen {{when}}.',
    completed: '{{amount}} {{currency}} wurden Ihrem Konto gutgeschrieben.',
    refunded:
      'Der Tausch konnte nicht ausgeführt werden; {{amount}} {{currency}} wurden zurückgebucht.',
    again: 'Neuer Tausch',
    history: 'Verlauf ansehen',
  },
  table: {
    time: 'Zeit',
    pair: 'Währungen',
    state: 'Zustand',
  },
  history: {
    ordersLink: 'Devisentausch-Verlauf',
    all: 'Alle',
    start: 'Startdatum',
    end: 'Enddatum',
    csv: 'Als CSV exportieren',
    empty: 'Noch kein Tausch',
    emptyBody: 'Ihre Devisentausche erscheinen hier.',
    window: 'Devisentausche der letzten {{months}} Monate.',
  },
  wallet: {
    action: 'Tauschen',
    actionAsset: '{{asset}} tauschen',
  },
};
