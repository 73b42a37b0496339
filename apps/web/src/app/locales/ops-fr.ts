/** Maintenance notices set by operators (banner and order form), fr. */
export const maintenanceFr = {
  region: 'Avis de maintenance',
  symbol: '{{symbol}} : la négociation est suspendue pour maintenance.',
  asset: '{{asset}} : les dépôts et retraits sont suspendus pour maintenance.',
  since: 'Depuis {{time}}',
  ended: '{{name}} est de nouveau disponible.',
  notice: 'Avis de la plateforme',
  dismiss: 'Fermer',
};
