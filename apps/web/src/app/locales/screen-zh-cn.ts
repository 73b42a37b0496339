import type { Messages } from './en';

/** 设置菜单、币种信息卡和行情页的附加列（简体中文）。 */
export const screenZhCn: Messages['screen'] = {
  settings: {
    title: '设置',
    colours: '涨跌颜色',
    greenUp: '绿涨红跌',
    redUp: '红涨绿跌',
    theme: '主题',
    themes: { dark: '深色', light: '浅色' },
  },
  coinInfo: {
    title: '关于 {{asset}}',
    overview: '简介',
    publishTime: '发行时间',
    publishPrice: '发行价格',
    totalSupply: '总供应量',
    circulatingSupply: '流通量',
    maxSupply: '最大供应量',
    noMaxSupply: '无上限',
    marketCap: '市值',
    marketCapHint: '流通量 × {{quote}} 最新价',
    links: '链接',
    linkLabels: {
      website: '官网',
      whitepaper: '白皮书',
      explorer: '区块浏览器',
      transparency: '储备报告',
      documentation: '文档',
      sourceCode: '源代码',
    },
    empty: '暂无该资产的信息。',
  },
  markets: {
    marketCap: '市值',
    volume24h: '24小时成交额',
    trend: '24小时走势',
  },
};
