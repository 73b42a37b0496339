/** Trade for Reward (/trade-for-reward): the Trial mode as a trading competition. */
export const tradeForRewardDe = {
  title: 'Handeln für Prämien',
  subtitle:
    'Alle starten mit demselben Guthaben für „Handeln für Prämien“; die besten Renditen der Periode gewinnen Prämien, die ins Echt-Wallet gezahlt werden.',
  loadFailed: '„Handeln für Prämien“ konnte nicht geladen werden',
  none: 'Derzeit läuft keine Periode von „Handeln für Prämien“. Die nächste wird hier angekündigt.',
  status: {
    SCHEDULED: 'Demnächst',
    LIVE: 'Läuft',
    SETTLED: 'Beendet',
    CANCELLED: 'Abgesagt',
    settling: 'Beendet: Ergebnisse werden abgerechnet',
  },
  endsIn: 'Endet in {{time}}',
  startsIn: 'Beginnt in {{time}}',
  endedAt: 'Beendet am {{date}}',
  days: '{{days}} T. {{clock}}',
  entrants: 'Teilnehmende',
  minTrades: 'Trades für die Wertung',
  topReward: 'Prämie für Platz 1',
  join: 'Teilnehmen',
  joinNote:
    'Die Teilnahme setzt Ihr Guthaben für „Handeln für Prämien“ auf das Startguthaben zurück.',
  joined: 'Sie nehmen an {{name}} teil.',
  loginToJoin: 'Zum Teilnehmen anmelden',
  opensAtStart: 'Die Teilnahme öffnet mit dem Beginn der Periode.',
  nextPeriod: 'Nächste Periode: {{name}}, ab {{date}}',
  mine: {
    title: 'Ihre Platzierung',
    rank: 'Platz',
    ranked: 'Platz {{rank}}',
    notRanked: 'Noch nicht gewertet',
    needTrades_one: 'Noch nicht gewertet: noch {{count}} Trade nötig',
    needTrades_other: 'Noch nicht gewertet: noch {{count}} Trades nötig',
    return: 'Rendite',
    equity: 'Kontowert (USD)',
    trades: 'Anzahl Trades',
    reward: 'Prämie',
    rewardIfEnded: 'Wenn die Periode jetzt enden würde',
    rewardPaid: 'Am {{date}} in Ihr Echt-Wallet gezahlt',
    rewardPending: 'Wird in Kürze in Ihr Echt-Wallet gezahlt',
    joinedAt: 'Teilnahme seit {{date}}',
    tradeNow: 'Jetzt handeln',
  },
  board: {
    title: 'Rangliste',
    valuedAt: 'Bewertet am {{time}}, alle 15 Sekunden aktualisiert',
    final: 'Endstand, bewertet am {{time}}',
    empty: 'Noch niemand ist gewertet.',
    you: 'Sie',
    cols: {
      rank: 'Platz',
      trader: 'Händler',
      return: 'Rendite',
      equity: 'Kontowert (USD)',
      trades: 'Anzahl Trades',
      reward: 'Prämie',
    },
  },
  rules: {
    title: 'Regeln',
    read: 'Regeln lesen',
    dates: 'Die Periode läuft vom {{start}} bis zum {{end}}.',
    funds:
      'Alle Teilnehmenden starten mit demselben Guthaben für „Handeln für Prämien“: {{funds}}.',
    joinReset:
      'Die Teilnahme setzt Ihr Guthaben für „Handeln für Prämien“ auf das Startguthaben zurück: Stornieren Sie zuerst Ihre offenen Orders in diesem Modus.',
    return:
      'Ihre Rendite ist Ihr Kontowert jetzt geteilt durch Ihren Kontowert beim Beitritt, minus 1. Der Kontowert ist der Wert aller Ihrer Guthaben in „Handeln für Prämien“ in US-Dollar zum Preis-Feed der Börse, nicht zu den letzten Preisen der Orderbücher dieses Modus.',
    minTrades_one:
      'Eine Teilnahme wird gewertet, sobald sie in der Periode {{count}} Trade ausgeführt hat.',
    minTrades_other:
      'Eine Teilnahme wird gewertet, sobald sie in der Periode {{count}} Trades ausgeführt hat.',
    noReset:
      'Ihr Guthaben für „Handeln für Prämien“ kann während des Wettbewerbs nicht zurückgesetzt werden.',
    payout:
      'Nach dem Ende der Periode werden die Prämien vom Prämienkonto der Börse in die Echt-Wallets der Gewinner gezahlt.',
    repeats: 'Mit dem Ende dieser Periode beginnt eine neue mit denselben Regeln.',
    rewards: 'Prämien',
    rank: 'Platz',
    reward: 'Prämie',
    noRewards: 'Diese Periode hat keine Prämien.',
  },
  past: {
    title: 'Vergangene Perioden',
    dates: '{{start}} – {{end}}',
    back: 'Zurück zur aktuellen Periode',
  },
} as const;
