import type { Messages } from './en';

export const mobileAr: Messages['mobile'] = {
  registerDone: 'اكتمل التسجيل',
  registerBody: 'عُد إلى التطبيق للمتابعة.',
  backToApp: 'العودة إلى التطبيق',
  invite: 'ادعُ أصدقاءك',
  inviteTitle: 'انضم إليّ على {{brand}}',
  inviteText: 'تداول العملات المشفرة والعملات الورقية والأصول الواقعية المرمّزة على {{brand}}.',
  openInBrowser: 'فتح الموقع الكامل في المتصفح',
  tradeNow: 'تداول الآن',
  titles: {
    registerResult: 'اكتمل التسجيل',
    identity: 'التحقق من الهوية',
    individualKyc: 'التحقق للأفراد',
    institutionKyc: 'التحقق للمؤسسات',
    deposit: 'الإيداع',
    help: 'المساعدة',
  },
};
