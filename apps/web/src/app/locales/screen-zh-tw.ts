import type { Messages } from './en';

/** 設定選單、幣種資訊卡和行情頁的附加欄位（繁體中文）。 */
export const screenZhTw: Messages['screen'] = {
  settings: {
    title: '設定',
    colours: '漲跌顏色',
    greenUp: '綠漲紅跌',
    redUp: '紅漲綠跌',
    theme: '主題',
    themes: { dark: '深色', light: '淺色' },
  },
  coinInfo: {
    title: '關於 {{asset}}',
    overview: '簡介',
    publishTime: '發行時間',
    publishPrice: '發行價格',
    totalSupply: '總供應量',
    circulatingSupply: '流通量',
    maxSupply: '最大供應量',
    noMaxSupply: '無上限',
    marketCap: '市值',
    marketCapHint: '流通量 × {{quote}} 最新價',
    links: '連結',
    linkLabels: {
      website: '官網',
      whitepaper: '白皮書',
      explorer: '區塊瀏覽器',
      transparency: '儲備報告',
      documentation: '文件',
      sourceCode: '原始碼',
    },
    empty: '暫無該資產的資訊。',
  },
  markets: {
    marketCap: '市值',
    volume24h: '24小時成交額',
    trend: '24小時走勢',
  },
};
