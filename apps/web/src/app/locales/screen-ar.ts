import type { Messages } from './en';

/** قائمة الإعدادات وبطاقة معلومات العملة والأعمدة الإضافية لصفحة الأسواق (العربية). */
export const screenAr: Messages['screen'] = {
  settings: {
    title: 'الإعدادات',
    colours: 'ألوان الأسعار',
    greenUp: 'الأخضر للصعود والأحمر للهبوط',
    redUp: 'الأحمر للصعود والأخضر للهبوط',
    theme: 'المظهر',
    themes: { dark: 'داكن', light: 'فاتح' },
  },
  coinInfo: {
    title: 'حول {{asset}}',
    overview: 'نظرة عامة',
    publishTime: 'تاريخ الإصدار',
    publishPrice: 'سعر الإصدار',
    totalSupply: 'إجمالي المعروض',
    circulatingSupply: 'المعروض المتداول',
    maxSupply: 'الحد الأقصى للمعروض',
    noMaxSupply: 'بلا حد أقصى',
    marketCap: 'القيمة السوقية',
    marketCapHint: 'المعروض المتداول × آخر سعر بعملة {{quote}}',
    links: 'روابط',
    linkLabels: {
      website: 'الموقع الرسمي',
      whitepaper: 'الورقة البيضاء',
      explorer: 'مستكشف الكتل',
      transparency: 'تقارير الاحتياطي',
      documentation: 'الوثائق',
      sourceCode: 'الشيفرة المصدرية',
    },
    empty: 'لا توجد معلومات عن هذا الأصل بعد.',
  },
  markets: {
    marketCap: 'القيمة السوقية',
    volume24h: 'حجم التداول 24 ساعة',
    trend: 'آخر 24 ساعة',
  },
};
