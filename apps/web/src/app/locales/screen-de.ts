import type { Messages } from './en';

/** Einstellungsmenü, Coin-Infokarte und zusätzliche Spalten der Märkte (Deutsch). */
export const screenDe: Messages['screen'] = {
  settings: {
    title: 'Einstellungen',
    colours: 'Kursfarben',
    greenUp: 'Grün steigt, Rot fällt',
    redUp: 'Rot steigt, Grün fällt',
    theme: 'Design',
    themes: { dark: 'Dunkel', light: 'Hell' },
  },
  coinInfo: {
    title: 'Über {{asset}}',
    overview: 'Überblick',
    publishTime: 'Ausgabedatum',
    publishPrice: 'Ausgabepreis',
    totalSupply: 'Gesamtmenge',
    circulatingSupply: 'Umlaufmenge',
    maxSupply: 'Höchstmenge',
    noMaxSupply: 'Unbegrenzt',
    marketCap: 'Marktkapitalisierung',
    marketCapHint: 'Umlaufmenge × letzter Preis in {{quote}}',
    links: 'Weblinks',
    linkLabels: {
      website: 'Webseite',
      whitepaper: 'Whitepaper',
      explorer: 'Block-Explorer',
      transparency: 'Reserveberichte',
      documentation: 'Dokumentation',
      sourceCode: 'Quellcode',
    },
    empty: 'Zu diesem Asset gibt es noch keine Informationen.',
  },
  markets: {
    marketCap: 'Marktkapitalisierung',
    volume24h: '24-Std.-Volumen',
    trend: 'Letzte 24 Std.',
  },
};
