import type { Messages } from './en';

/** Account cancellation (fr). */
export const cancellationFr: Messages['cancellation'] = {
  title: 'Clôture du compte',
  subtitle:
    'Fermez votre compte définitivement. Vos données sont conservées comme la loi l’exige ; l’adresse e-mail pourra ouvrir un nouveau compte.',
  entry: {
    title: 'Clôturer le compte',
    body: 'Fermer ce compte définitivement.',
    open: 'Clôturer le compte',
  },
  what: {
    title: 'Avant de commencer',
    review: 'Les demandes sont examinées sous 7 à 15 jours ouvrés de Hong Kong.',
    during:
      'Pendant l’examen, vous pouvez toujours vous connecter, annuler des ordres, retirer des fonds et annuler la demande. Les nouveaux ordres et dépôts sont suspendus.',
    after:
      'Une fois clôturé, tous les appareils sont déconnectés et le compte ne peut plus se connecter. Les soldes sous le seuil de poussière restent enregistrés.',
  },
  conditions: {
    title: 'Conditions',
    met: 'Remplie',
    unmet: 'À faire',
    NO_OPEN_ORDERS: {
      title: 'Aucun ordre ouvert',
      ok: 'Vous n’avez aucun ordre ouvert.',
      fix: 'Annulez vos ordres ouverts : {{list}}.',
      action: 'Voir les ordres',
    },
    NO_PENDING_MONEY: {
      title: 'Aucun dépôt ni retrait en cours',
      ok: 'Aucun fonds n’est en cours d’entrée ou de sortie.',
      fix: 'Attendez la fin de ces opérations : {{list}}.',
      action: 'Voir le portefeuille',
    },
    BALANCES_WITHDRAWN: {
      title: 'Soldes retirés',
      ok: 'Chaque solde réel est retiré ou sous le seuil de poussière (environ 1 USD par actif).',
      fix: 'Retirez ces soldes (seuil de poussière entre parenthèses) : {{list}}.',
      action: 'Voir le portefeuille',
    },
    AUTHENTICATOR_LINKED: {
      title: 'Google Authenticator associé',
      ok: 'Google Authenticator est associé ; vous confirmerez avec son code.',
      fix: 'Associez Google Authenticator pour confirmer la demande.',
      action: 'Paramètres de sécurité',
    },
    NO_SECURITY_LOCK: {
      title: 'Aucun verrouillage de sécurité',
      ok: 'Aucune modification de sécurité récente ne suspend les actions sensibles.',
      fix: 'Une modification de sécurité récente suspend cette action jusqu’au {{until}}.',
      action: 'Paramètres de sécurité',
    },
  },
  modes: {
    '0': 'Réel',
    '1': 'Démo',
    '2': 'Essai',
  },
  pending: {
    FROZEN_BALANCE: 'fonds gelés',
    CRYPTO_DEPOSIT: 'dépôts crypto',
    CRYPTO_WITHDRAWAL: 'retraits crypto',
    FIAT_DEPOSIT: 'dépôts en devises',
    FIAT_WITHDRAWAL: 'retraits en devises',
  },
  form: {
    title: 'Demander la clôture',
    reason: 'Pourquoi partez-vous ?',
    note: 'Note',
    noteHint: '2 à 100 caractères.',
    noteRequired: 'Veuillez saisir une note de 2 à 100 caractères.',
    reasonRequired: 'Choisissez un motif.',
    proof: 'Justificatif (facultatif)',
    proofHint: 'Par exemple une lettre signée.',
    confirmTitle: 'Confirmez avec vos codes',
    acknowledge: 'Je comprends que mon compte sera fermé définitivement une fois l’examen réussi.',
    acknowledgeRequired: 'Veuillez confirmer que vous avez compris.',
    submit: 'Envoyer la demande',
    blocked: 'Remplissez toutes les conditions ci-dessus pour envoyer une demande.',
  },
  reasons: {
    NO_LONGER_NEEDED: 'Je n’ai plus besoin du compte',
    SWITCH_ACCOUNT_TYPE: 'Je veux me réinscrire avec un autre type de compte',
    ANOTHER_ACCOUNT: 'J’ai un autre compte',
    SECURITY_CONCERN: 'Préoccupations de sécurité ou de confidentialité',
    FEES: 'Les frais sont trop élevés',
    EXPERIENCE: 'Je ne suis pas satisfait du service',
    OTHER: 'Autre',
  },
  review: {
    title: 'En cours d’examen',
    body: 'Votre demande est en cours d’examen. Nous vous écrirons dès qu’elle sera décidée.',
    submitted: 'Envoyée le',
    expected: 'Décision prévue',
    latest: 'Au plus tard',
    reason: 'Motif',
    withdraw: 'Annuler la clôture',
    withdrawTitle: 'Garder votre compte ?',
    withdrawBody: 'La demande prend fin et votre compte reste ouvert comme avant.',
    withdrawConfirm: 'Garder mon compte',
    back: 'Retour',
  },
  failed: {
    title: 'Échec de la clôture du compte',
    CONDITIONS_NOT_MET: 'À la fin de l’examen, ces conditions n’étaient pas remplies : {{list}}.',
    REVIEWER_REJECTED: 'L’examinateur a refusé la demande : {{note}}',
    retry: 'Vous pouvez corriger cela et envoyer une nouvelle demande ci-dessous.',
  },
  withdrawn: 'Vous avez annulé votre demande du {{date}}. Votre compte reste ouvert.',
};
