import type { Messages } from './en';

/** Sicherheitseinstellungen und der Google-Code-Schritt der Anmeldung (Deutsch). */
export const securityDe: Messages['security'] = {
  title: 'Sicherheitseinstellungen',
  subtitle: 'Schützen Sie Ihr Konto mit einem starken Passwort und Google Authenticator.',
  level: 'Sicherheitsstufe',
  levelValue: 'Stufe {{level}} von {{max}}',
  levelHint:
    'Jede verknüpfte Bestätigung (E-Mail, Google Authenticator, Identität) erhöht die Stufe.',
  linked: 'Verknüpft',
  notLinked: 'Nicht verknüpft',
  change: 'Ändern',
  required: 'Dieses Feld ist erforderlich.',
  emailCode: 'E-Mail-Bestätigungscode',
  googleCode: 'Google-Bestätigungscode',
  googleCodeInvalid: 'Geben Sie den 6-stelligen Code aus Google Authenticator ein.',
  codeSent: 'Ein Code wurde gesendet. Er ist 10 Minuten gültig.',
  changeWarning:
    'Nach der Änderung werden alle Sitzungen abgemeldet, und Auszahlungen, interne Überweisungen und Blitzüberweisungen sind 24 Stunden gesperrt.',
  email: {
    title: 'E-Mail',
    body: 'Codes für Anmeldungen und Sicherheitsänderungen gehen an {{email}}.',
    changeTitle: 'E-Mail-Adresse ändern',
    oldCode: 'Code an Ihre aktuelle Adresse',
    new: 'Neue E-Mail-Adresse',
    newCode: 'Code an die neue Adresse',
  },
  password: {
    title: 'Anmeldepasswort',
    body: 'Wird mit Ihrer E-Mail-Adresse zur Anmeldung verwendet.',
    none: 'Noch kein Passwort: Legen Sie eines über „Passwort vergessen?“ auf der Anmeldeseite fest.',
    changeTitle: 'Passwort ändern',
    old: 'Aktuelles Passwort',
    rules: '8 bis 20 Zeichen mit Klein- und Großbuchstaben, einer Zahl und einem Sonderzeichen.',
  },
  google: {
    title: 'Google Authenticator',
    body: 'Ein 6-stelliger Code aus der App, alle 30 Sekunden neu, schützt Anmeldungen und Auszahlungen.',
    link: 'Verknüpfen',
    unlink: 'Trennen',
  },
  identity: {
    title: 'Identitätsprüfung',
    verified: 'Ihre Identität ist verifiziert.',
    notVerified:
      'Noch nicht verifiziert: Verifizieren Sie sich, um im Real-Modus zu handeln, einzuzahlen und auszuzahlen.',
    verifiedState: 'Verifiziert',
    notVerifiedState: 'Nicht verifiziert',
    verify: 'Verifizieren',
  },
  link: {
    title: 'Google Authenticator verknüpfen',
    scan: '1. Scannen Sie den QR-Code mit Google Authenticator oder geben Sie den Schlüssel von Hand ein.',
    qrAlt: 'QR-Code für Google Authenticator',
    key: 'Schlüssel',
    keyHint:
      'Bewahren Sie den Schlüssel sicher auf: Damit stellen Sie die Codes auf einem neuen Telefon wieder her.',
    copy: 'Schlüssel kopieren',
    copied: 'Kopiert',
    enter: '2. Geben Sie den 6-stelligen Code ein, den die App anzeigt.',
    action: 'Verknüpfen',
  },
  unlink: {
    title: 'Google Authenticator trennen',
    warning:
      'Nach dem Trennen sind Auszahlungen, interne Überweisungen und Blitzüberweisungen 24 Stunden gesperrt.',
    action: 'Trennen',
  },
  lock: {
    title: 'Auszahlungen nach einer Sicherheitsänderung gesperrt',
    body: 'Auszahlungen, interne Überweisungen und Blitzüberweisungen sind bis {{until}} gesperrt.',
    left: 'Noch {{hours}} Std. {{minutes}} Min.',
  },
  loginStep: {
    bodyGeneric:
      'Geben Sie den 6-stelligen Code aus Google Authenticator ein, um die Anmeldung abzuschließen.',
    body: 'Geben Sie den 6-stelligen Code aus Google Authenticator für {{email}} ein.',
    action: 'Bestätigen und anmelden',
  },
};
