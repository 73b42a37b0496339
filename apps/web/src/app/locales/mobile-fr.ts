import type { Messages } from './en';

export const mobileFr: Messages['mobile'] = {
  registerDone: 'Inscription terminée',
  registerBody: "Revenez dans l'app pour continuer.",
  backToApp: "Retour à l'app",
  invite: 'Inviter des amis',
  inviteTitle: 'Rejoignez-moi sur {{brand}}',
  inviteText: 'Tradez des cryptos, des devises fiat et des actifs réels tokenisés sur {{brand}}.',
  openInBrowser: 'Ouvrir le site complet dans le navigateur',
  tradeNow: 'Trader maintenant',
  titles: {
    registerResult: 'Inscription terminée',
    identity: "Vérification d'identité",
    individualKyc: 'Vérification particulier',
    institutionKyc: 'Vérification institution',
    deposit: 'Dépôt',
    help: 'Aide',
  },
};
