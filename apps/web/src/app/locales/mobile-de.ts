import type { Messages } from './en';

export const mobileDe: Messages['mobile'] = {
  registerDone: 'Registrierung abgeschlossen',
  registerBody: 'Kehren Sie zur App zurück, um fortzufahren.',
  backToApp: 'Zurück zur App',
  invite: 'Freunde einladen',
  inviteTitle: 'Komm zu mir auf {{brand}}',
  inviteText: 'Handeln Sie Krypto, Fiatwährungen und tokenisierte Sachwerte auf {{brand}}.',
  openInBrowser: 'Vollständige Website im Browser öffnen',
  tradeNow: 'Jetzt handeln',
  titles: {
    registerResult: 'Registrierung abgeschlossen',
    identity: 'Identitätsprüfung',
    individualKyc: 'Prüfung für Privatpersonen',
    institutionKyc: 'Prüfung für Institutionen',
    deposit: 'Einzahlung',
    help: 'Hilfe',
  },
};
