import type { Messages } from './en';

/** 設定メニュー、コイン情報カード、マーケットページの追加列（日本語）。 */
export const screenJa: Messages['screen'] = {
  settings: {
    title: '設定',
    colours: '値動きの色',
    greenUp: '上昇は緑、下落は赤',
    redUp: '上昇は赤、下落は緑',
    theme: 'テーマ',
    themes: { dark: 'ダーク', light: 'ライト' },
  },
  coinInfo: {
    title: '{{asset}} について',
    overview: '概要',
    publishTime: '発行日',
    publishPrice: '発行価格',
    totalSupply: '総供給量',
    circulatingSupply: '流通供給量',
    maxSupply: '最大供給量',
    noMaxSupply: '上限なし',
    marketCap: '時価総額',
    marketCapHint: '流通供給量 × {{quote}} 建て最終価格',
    links: 'リンク',
    linkLabels: {
      website: '公式サイト',
      whitepaper: 'ホワイトペーパー',
      explorer: 'ブロックエクスプローラー',
      transparency: '準備金レポート',
      documentation: 'ドキュメント',
      sourceCode: 'ソースコード',
    },
    empty: 'この資産の情報はまだありません。',
  },
  markets: {
    marketCap: '時価総額',
    volume24h: '24時間出来高',
    trend: '24時間の推移',
  },
};
