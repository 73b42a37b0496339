import type { Messages } from './en';

/** 설정 메뉴, 코인 정보 카드, 마켓 페이지의 추가 열(한국어). */
export const screenKo: Messages['screen'] = {
  settings: {
    title: '설정',
    colours: '가격 색상',
    greenUp: '상승 초록, 하락 빨강',
    redUp: '상승 빨강, 하락 초록',
    theme: '테마',
    themes: { dark: '다크', light: '라이트' },
  },
  coinInfo: {
    title: '{{asset}} 정보',
    overview: '개요',
    publishTime: '발행일',
    publishPrice: '발행 가격',
    totalSupply: '총 공급량',
    circulatingSupply: '유통 공급량',
    maxSupply: '최대 공급량',
    noMaxSupply: '상한 없음',
    marketCap: '시가총액',
    marketCapHint: '유통 공급량 × {{quote}} 기준 최근 가격',
    links: '링크',
    linkLabels: {
      website: '웹사이트',
      whitepaper: '백서',
      explorer: '블록 탐색기',
      transparency: '준비금 보고서',
      documentation: '문서',
      sourceCode: '소스 코드',
    },
    empty: '이 자산에 대한 정보가 아직 없습니다.',
  },
  markets: {
    marketCap: '시가총액',
    volume24h: '24시간 거래대금',
    trend: '24시간 추이',
  },
};
