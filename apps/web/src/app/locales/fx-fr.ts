/** French texts of the foreign exchange page (/foreignExchange). */
export const fxFr = {
  title: 'Change de devises',
  subtitle: 'Échangez une devise contre une autre à un taux garanti, sans aucuns frais de service.',
  fiatHistory: 'Historique fiat',
  tabs: {
    exchange: 'Changer',
    history: 'Historique',
  },
  realOnly: {
    title: 'Le change de devises est disponible en mode Réel uniquement',
    body: 'Les fonds Démo et Trade for Reward sont simulés. Passez en mode Réel pour changer votre propre argent.',
    action: 'Passer en mode Réel',
  },
  kyc: {
    title: 'Vérifiez votre identité pour changer des devises',
    body: 'Le change de devises est réservé aux comptes dont l’identité est vérifiée.',
    optedOut:
      'Les comptes sans vérification d’identité ne peuvent pas utiliser le change. Vérifiez votre identité dans le centre d’identité pour y accéder.',
    action: 'Vérifier mon identité',
  },
  from: 'De',
  to: 'Vers',
  swap: 'Inverser les devises',
  option: '{{code}} · {{amount}}',
  amount: 'Montant à vendre ({{currency}})',
  available: 'Disponible : {{amount}} {{currency}}',
  max: 'Tout',
  rate: 'Taux',
  youSell: 'Vous vendez',
  youReceive: 'Vous recevez',
  fee: 'Frais de service',
  free: 'Gratuit',
  validFor: 'Cotation valable',
  seconds: '{{n}} sec',
  refreshing: 'Nouvelle cotation en cours…',
  spreadNote:
    'Le taux inclut un écart de {{spread}} % sur le taux du marché ; le montant reçu est arrondi à l’inférieur.',
  timeline:
    'Le montant vendu est bloqué immédiatement ; le change est effectué en 30 minutes environ au taux coté.',
  submit: 'Changer',
  confirmTitle: 'Confirmer le change',
  confirmBody: 'Vérifiez les montants. Le taux est garanti tant que la cotation est valable.',
  errors: {
    amount: 'Saisissez un montant supérieur à 0 avec au plus {{decimals}} décimales.',
    balance: 'Solde disponible insuffisant.',
  },
  states: {
    PROCESSING: 'En cours',
    COMPLETED: 'Terminé',
    REFUNDED: 'Remboursé',
  },
  result: {
    titles: {
      PROCESSING: 'Change envoyé',
      COMPLETED: 'Change effectué',
      REFUNDED: 'Change remboursé',
    },
    processing: 'En cours : terminé vers {{when}}.',
    completed: '{{amount}} {{currency}} ont été crédités sur votre compte.',
    refunded: 'Le change n’a pas pu être effectué ; {{amount}} {{currency}} ont été restitués.',
    again: 'Nouveau change',
    history: 'Voir l’historique',
  },
  table: {
    time: 'Heure',
    pair: 'Devises',
    state: 'Statut',
  },
  history: {
    ordersLink: 'Historique du change',
    all: 'Tous',
    start: 'Date de début',
    end: 'Date de fin',
    csv: 'Exporter en CSV',
    empty: 'Aucun change pour l’instant',
    emptyBody: 'Vos opérations de change apparaissent ici.',
    window: 'Opérations de change des {{months}} derniers mois.',
  },
  wallet: {
    action: 'Changer',
    actionAsset: 'Changer des {{asset}}',
  },
};
