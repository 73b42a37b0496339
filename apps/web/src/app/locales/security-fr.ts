import type { Messages } from './en';

/** Paramètres de sécurité et étape du code Google à la connexion (français). */
export const securityFr: Messages['security'] = {
  title: 'Paramètres de sécurité',
  subtitle: 'Protégez votre compte avec un mot de passe robuste et Google Authenticator.',
  level: 'Niveau de sécurité',
  levelValue: 'Niveau {{level}} sur {{max}}',
  levelHint:
    'Chaque vérification associée (e-mail, Google Authenticator, identité) augmente le niveau.',
  linked: 'Associé',
  notLinked: 'Non associé',
  change: 'Modifier',
  required: 'Ce champ est obligatoire.',
  emailCode: 'Code de vérification par e-mail',
  googleCode: 'Code de vérification Google',
  googleCodeInvalid: 'Saisissez le code à 6 chiffres de Google Authenticator.',
  codeSent: 'Un code a été envoyé. Il est valable 10 minutes.',
  changeWarning:
    'Après la modification, toutes les sessions sont fermées, et les retraits, virements internes et transferts flash sont suspendus pendant 24 heures.',
  email: {
    title: 'E-mail',
    body: 'Les codes de connexion et de sécurité sont envoyés à {{email}}.',
    changeTitle: 'Modifier l’adresse e-mail',
    oldCode: 'Code envoyé à votre adresse actuelle',
    new: 'Nouvelle adresse e-mail',
    newCode: 'Code envoyé à la nouvelle adresse',
  },
  password: {
    title: 'Mot de passe de connexion',
    body: 'Utilisé avec votre adresse e-mail pour vous connecter.',
    none: 'Pas encore de mot de passe : définissez-en un avec « Mot de passe oublié ? » sur la page de connexion.',
    changeTitle: 'Modifier le mot de passe',
    old: 'Mot de passe actuel',
    rules: '8 à 20 caractères avec une minuscule, une majuscule, un chiffre et un symbole.',
  },
  google: {
    title: 'Google Authenticator',
    body: 'Un code à 6 chiffres de l’application, renouvelé toutes les 30 secondes, protège les connexions et les retraits.',
    link: 'Associer',
    unlink: 'Dissocier',
  },
  identity: {
    title: 'Vérification d’identité',
    verified: 'Votre identité est vérifiée.',
    notVerified: 'Pas encore vérifiée : vérifiez-la pour trader, déposer et retirer en mode Réel.',
    verifiedState: 'Vérifiée',
    notVerifiedState: 'Non vérifiée',
    verify: 'Vérifier',
  },
  link: {
    title: 'Associer Google Authenticator',
    scan: '1. Scannez le QR code avec Google Authenticator, ou saisissez la clé à la main.',
    qrAlt: 'QR code pour Google Authenticator',
    key: 'Clé',
    keyHint: 'Conservez la clé en lieu sûr : elle restaure les codes sur un nouveau téléphone.',
    copy: 'Copier la clé',
    copied: 'Copiée',
    enter: '2. Saisissez le code à 6 chiffres affiché par l’application.',
    action: 'Associer',
  },
  unlink: {
    title: 'Dissocier Google Authenticator',
    warning:
      'Après la dissociation, les retraits, virements internes et transferts flash sont suspendus pendant 24 heures.',
    action: 'Dissocier',
  },
  lock: {
    title: 'Retraits suspendus après une modification de sécurité',
    body: 'Les retraits, virements internes et transferts flash sont désactivés jusqu’au {{until}}.',
    left: 'Encore {{hours}} h {{minutes}} min.',
  },
  loginStep: {
    bodyGeneric:
      'Saisissez le code à 6 chiffres de Google Authenticator pour terminer la connexion.',
    body: 'Saisissez le code à 6 chiffres de Google Authenticator pour {{email}}.',
    action: 'Vérifier et se connecter',
  },
};
