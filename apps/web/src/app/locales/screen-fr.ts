import type { Messages } from './en';

/** Menu des réglages, fiche de l'actif et colonnes supplémentaires des marchés (français). */
export const screenFr: Messages['screen'] = {
  settings: {
    title: 'Réglages',
    colours: 'Couleurs des cours',
    greenUp: 'Hausse en vert, baisse en rouge',
    redUp: 'Hausse en rouge, baisse en vert',
    theme: 'Thème',
    themes: { dark: 'Sombre', light: 'Clair' },
  },
  coinInfo: {
    title: 'À propos de {{asset}}',
    overview: 'Présentation',
    publishTime: "Date d'émission",
    publishPrice: "Prix d'émission",
    totalSupply: 'Offre totale',
    circulatingSupply: 'Offre en circulation',
    maxSupply: 'Offre maximale',
    noMaxSupply: 'Sans plafond',
    marketCap: 'Capitalisation',
    marketCapHint: 'Offre en circulation × dernier prix en {{quote}}',
    links: 'Liens',
    linkLabels: {
      website: 'Site officiel',
      whitepaper: 'Livre blanc',
      explorer: 'Explorateur de blocs',
      transparency: 'Rapports sur les réserves',
      documentation: 'Documentation technique',
      sourceCode: 'Code source',
    },
    empty: "Aucune information sur cet actif pour l'instant.",
  },
  markets: {
    marketCap: 'Capitalisation',
    volume24h: 'Volume 24 h',
    trend: 'Dernières 24 h',
  },
};
