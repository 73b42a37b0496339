/** German (de) texts of the error catalogue in `../errors.ts`, keyed `error_{code}`. */
export const errorsDe: Record<string, string> = {
  // ---- session ----
  error_401: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  error_4003:
    'Ihr Konto ist auf einem anderen Gerät angemeldet. Falls Sie das nicht waren, ändern Sie sofort Ihr Passwort.',
  error_4100:
    'Diese Verbindung folgt bereits {{limit}} Kanälen, dem Höchstwert; beenden Sie zuerst ein Abonnement.',

  // ---- system and request ----
  error_1000: 'Das System ist ausgelastet. Bitte versuchen Sie es später erneut.',
  error_1001: 'Wartungsarbeiten laufen.',
  error_1002: 'Ungültige Anfrage: {{issues}}',
  error_1003: 'Der Anfrageinhalt ist kein gültiges JSON.',
  error_1004: 'Unbekanntes Feld: {{fields}}',
  error_1005: 'Der Anfrageinhalt ist zu groß.',
  error_1006: 'Nicht gefunden.',
  error_1007: 'Methode nicht erlaubt.',
  error_1008: 'Zu viele Anfragen. Bitte versuchen Sie es in {{retryAfterSeconds}} Sekunden erneut.',
  error_1009: 'Die Anfrage hat zu lange gedauert. Bitte versuchen Sie es später erneut.',
  error_1010: 'Diese Funktion ist nicht verfügbar.',
  error_1011: 'Nicht unterstützter Inhaltstyp.',
  error_1012: 'Das System ist ausgelastet. Bitte versuchen Sie es später erneut.',
  error_1013: 'Maximale Anzahl an Dateien erreicht.',
  error_1014: 'Die Datei ist zu groß.',
  error_1015: 'Nur {{types}} zulässig.',
  error_1016: 'Vorgang erfolgreich. Bitte melden Sie sich erneut an.',
  error_1017: 'Sie sind für diese Aktion nicht berechtigt.',
  error_1018:
    'Die Anfrage konnte nicht verifiziert werden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  error_1019: 'In der Produktionsumgebung nicht verfügbar.',
  // ---- fee reports and statements ----
  error_1150:
    'Kontoauszüge gibt es für den laufenden Monat und die 6 Monate davor: {{earliest}} bis {{latest}}.',
  error_1151: 'Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.',
  error_1152:
    'Der Verlauf umfasst nur die letzten 6 Monate: Wählen Sie einen Beginn ab {{earliest}}.',
  error_1100: 'Die Benachrichtigung existiert nicht.',
  error_1101: 'Die E-Mail für {{type}}-Benachrichtigungen kann nicht geändert werden.',

  // ---- auth and identity ----
  error_2001: 'Anmeldung fehlgeschlagen.',
  error_2002:
    'Anmeldung fehlgeschlagen: E-Mail oder Passwort falsch, Versuch {{failedAttempts}} von {{maxAttempts}}. Nach {{maxAttempts}} Fehlversuchen wird das Konto für {{lockMinutes}} Minuten gesperrt.',
  error_2003:
    'Anmeldung {{failedAttempts}}-mal fehlgeschlagen. Das Konto ist für {{lockMinutes}} Minuten gesperrt; verbleibende Zeit: {{remainingMinutes}} Minuten.',
  error_2004: 'Das Konto existiert bereits.',
  error_2005: 'Die beiden eingegebenen Passwörter stimmen nicht überein.',
  error_2006:
    'Ungültiges Passwortformat. Verwenden Sie 8 bis 20 Zeichen mit einem Klein- und einem Großbuchstaben, einer Zahl und einem Sonderzeichen, ohne Leerzeichen.',
  error_2007: 'Ungültiges E-Mail-Format.',
  error_2008: 'Der E-Mail-Bestätigungscode ist falsch oder abgelaufen.',
  error_2009: 'Zu viele falsche Codes. Bitte fordern Sie einen neuen Code an.',
  error_2010: 'Die Schiebepuzzle-Prüfung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  error_2011: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  error_2012:
    'Der Kontotyp wurde bereits gewählt. Für eine Änderung ist eine neue Registrierung erforderlich.',
  error_2013: 'Konto nicht gefunden.',
  error_2014:
    'Es wurde kürzlich ein Code gesendet. Bitte versuchen Sie es in {{retryAfterSeconds}} Sekunden erneut.',
  error_2015: 'Bitte lösen Sie zuerst das Schiebepuzzle.',
  error_2016: 'Die Anmeldung mit {{provider}} ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  error_2017: 'Die Anmeldung mit {{provider}} ist nicht verfügbar.',
  error_2018:
    'Für diese E-Mail-Adresse existiert bereits ein Konto. Geben Sie dessen Passwort ein, um es zu verknüpfen.',
  error_2019: 'Die Anfrage ist abgelaufen. Bitte melden Sie sich erneut an.',
  error_2020: 'Das Passwort ist falsch.',
  error_2021: 'Der per E-Mail gesendete Bestätigungscode muss 6 Ziffern haben.',
  error_2022: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  error_2023: 'Die neue E-Mail-Adresse ist dieselbe wie die aktuelle.',
  error_2024: 'Diese E-Mail-Adresse wird bereits verwendet.',
  error_2025:
    'Dieses Konto hat noch kein Passwort; legen Sie zuerst über „Passwort vergessen“ eines fest.',
  error_2026:
    'Anmeldung fehlgeschlagen: falscher Google-Bestätigungscode, Versuch {{failedAttempts}} von {{maxAttempts}}. Nach {{maxAttempts}} Fehlversuchen wird das Konto für {{lockMinutes}} Minuten gesperrt.',
  error_2027: 'Der Anmeldeschritt ist abgelaufen; geben Sie Ihr Passwort erneut ein.',
  error_2028:
    'Innerhalb der letzten Stunde wurden zu viele Codes an diese Adresse gesendet. Bitte versuchen Sie es in {{retryAfterMinutes}} Minuten erneut.',
  error_2029:
    'Lesen und akzeptieren Sie die Nutzungsbedingungen und die Datenschutzerklärung, um ein Konto zu eröffnen.',
  error_2030:
    'Die Bedingungen wurden geändert, während Sie sie gelesen haben: Lesen Sie die neue Fassung und stimmen Sie erneut zu.',
  error_2040:
    'Dieses Passwort steht auf einer Liste häufiger oder geleakter Passwörter. Bitte wählen Sie ein anderes.',
  error_2041: 'Das Passwort darf weder Ihre E-Mail-Adresse noch den Teil vor dem @ enthalten.',
  error_2042:
    'Die Entwicklungsgutschrift gilt nur für Demo-Handel und „Handeln für Prämien“; echtes Guthaben kann niemals gutgeschrieben werden.',

  // ---- trading ----
  error_3001: 'Unzureichendes Guthaben.',
  error_3002: 'Kein Kontrahent vorhanden. Bitte wählen Sie eine Limit-Order.',
  error_3003: 'Der Kauf übersteigt das maximale Angebot und wurde teilweise ausgeführt.',
  error_3004: '{{field}} ist erforderlich und muss größer als 0 sein.',
  error_3005: 'Die Menge darf nicht leer sein.',
  error_3006: 'Die Menge muss ein Vielfaches der Schrittgröße {{stepSize}} sein.',
  error_3007: 'Die Menge darf das Minimum von {{minQty}} nicht unterschreiten.',
  error_3008: 'Der Ordergesamtwert darf das Minimum von {{minNotional}} nicht unterschreiten.',
  error_3009: 'Die sichtbare Menge der Iceberg-Order muss kleiner als die Ordermenge sein.',
  error_3010: 'Der Preis muss ein Vielfaches der Tick-Größe {{tickSize}} sein.',
  error_3011: 'Zulässiger Bereich: {{min}} bis {{max}}.',
  error_3012: 'Ungültiges Zahlenformat.',
  error_3013: 'Dieser Markt ist nicht verfügbar.',
  error_3014: 'Order nicht gefunden.',
  error_3015: 'Die Order kann nicht mehr storniert werden.',
  error_3016: 'Die Post-Only-Order wäre sofort ausgeführt worden und wurde abgelehnt.',
  error_3017: 'Die Fill-or-Kill-Order konnte nicht vollständig ausgeführt werden.',
  error_3018: 'Der Verlauf umfasst nur die letzten 6 Monate.',
  error_3019:
    'Die sichtbare Menge der Iceberg-Order muss mindestens {{minIcebergSize}} betragen (1/100 der Ordermenge und nicht weniger als die Mindestmenge).',
  error_3020: '{{field}} gilt nicht für diesen Ordertyp.',
  error_3030: '{{from}} kann hier nicht in {{to}} umgetauscht werden.',
  error_3031:
    'Geben Sie einen Betrag in {{asset}} zwischen {{min}} und {{max}} mit höchstens {{decimals}} Nachkommastellen ein.',
  error_3032: 'Das Angebot ist abgelaufen; fordern Sie ein neues an.',
  error_3033: 'Dieses Angebot wurde bereits bestätigt.',
  error_3034: 'Diese Anfrage-ID wurde bereits für einen anderen Umtausch verwendet.',
  error_3035: 'Dieser Umtausch existiert nicht.',

  // ---- wallet ----
  error_3040: 'Diese Periode von Handeln für Prämien existiert nicht.',
  error_3041:
    'Diese Periode läuft nicht: Die Teilnahme beginnt mit ihrem Start und endet mit ihrem Ende.',
  error_3042:
    'Stornieren Sie zuerst Ihre offenen Orders in Handeln für Prämien: Die Teilnahme setzt Ihr Guthaben in Handeln für Prämien auf das Startguthaben zurück.',
  error_3043:
    'Das Guthaben in Handeln für Prämien kann während des Wettbewerbs nicht zurückgesetzt werden; die Periode endet am {{endsAt}}.',
  error_5001: 'Unzureichendes verfügbares Guthaben.',
  error_5002: 'Bitte geben Sie den Auszahlungsbetrag ein.',
  error_5003: 'Das Adressformat ist ungültig.',
  error_5004: 'Bitte geben Sie eine Notiz mit 2–30 Zeichen ein.',
  error_5005: 'Die Notiz darf höchstens 100 Zeichen lang sein.',
  error_5006: 'UID ist erforderlich.',
  error_5007: 'Adresse ist erforderlich.',
  error_5008: 'Dieser Vermögenswert ist nicht verfügbar.',
  error_5009: 'Für diesen Coin finden gerade Wartungsarbeiten statt.',
  error_5100: 'Dieser Coin kann in diesem Netzwerk weder eingezahlt noch abgehoben werden.',
  error_5101: 'Einzahlungen dieses Coins in diesem Netzwerk sind ausgesetzt.',
  error_5102: 'Das Netzwerk ist nicht verbunden. Bitte versuchen Sie es später erneut.',
  error_5103: 'Einzahlung nicht gefunden.',
  error_5104: 'Nur eine verzögerte Einzahlung kann erneut versucht werden.',
  error_5105: 'Diese Einzahlung kann in {{minutes}} Minuten erneut versucht werden.',
  error_5106: 'Die Signatur des Callbacks ist ungültig.',
  error_5107: 'Der Zeitstempel des Callbacks liegt außerhalb des zulässigen Zeitfensters.',
  error_5108: 'Krypto-Einzahlungen und -Abhebungen sind nur im Real-Modus verfügbar.',
  error_5109: 'Das Netzwerk hat nicht geantwortet. Bitte versuchen Sie es später erneut.',

  // ---- wallet: withdrawals, internal transfers, whitelists ----
  error_5201: 'Diese Adresse steht bereits auf Ihrer Whitelist.',
  error_5202: 'Diese UID steht bereits auf Ihrer Whitelist.',
  error_5203: 'Die Whitelist ist voll (höchstens {{max}} Einträge).',
  error_5204: 'Dieser Whitelist-Eintrag existiert nicht.',
  error_5205: 'Dieses Netzwerk ist für {{asset}} nicht verfügbar.',
  error_5206:
    'Nur Adressen der Whitelist können verwendet werden: Fügen Sie diese Adresse zuerst Ihrer Whitelist hinzu.',
  error_5207: 'Diese Adresse der Whitelist kann ab {{usableFrom}} verwendet werden.',
  error_5208:
    'Nur UIDs der Whitelist können verwendet werden: Fügen Sie diese UID zuerst Ihrer Whitelist hinzu.',
  error_5209: 'Diese UID der Whitelist kann ab {{usableFrom}} verwendet werden.',
  error_5210: 'Kein Konto hat diese UID.',
  error_5211: 'Sie können nicht auf Ihr eigenes Konto überweisen.',
  error_5212: 'Dieses Konto kann keine Überweisungen empfangen.',
  error_5213:
    'Der Betrag muss größer als 0 sein und darf höchstens {{decimals}} Nachkommastellen haben.',
  error_5214: 'Die Mindestauszahlung beträgt {{minAmount}} {{asset}}.',
  error_5215:
    'Der Betrag muss höher sein als die Gebühr und die Netzwerk-Gasgebühr ({{fees}} {{asset}}).',
  error_5216:
    'Unzureichendes verfügbares Guthaben: Derzeit können höchstens {{withdrawable}} {{asset}} per Auszahlung, Überweisung oder Transfer Ihr Konto verlassen (Krypto-Einzahlungen sind nach der Gutschrift 24 Stunden gesperrt; handeln können Sie damit sofort).',
  error_5217: 'Diese Auszahlung existiert nicht.',
  error_5218: 'Diese Auszahlung kann nicht mehr storniert werden.',
  error_5219: 'Auszahlungen und Überweisungen sind nur im Real-Modus verfügbar.',
  error_5220: 'Diese Anfrage-ID wurde bereits für eine andere Anfrage verwendet.',
  // ---- fiat ----
  error_6001: 'Diese Bankkarte ist nicht auf der Whitelist.',
  error_6002: 'Keine aktive Bankkarte vorhanden.',
  error_6003: 'Kontoeröffnung fehlgeschlagen.',
  error_6004: 'e-KYC-Prüfung fehlgeschlagen.',
  error_6005:
    'Link abgelaufen oder Verifizierung fehlgeschlagen. Bitte erstellen Sie einen neuen Link.',
  error_6006: 'Auszahlungen auf nicht verifizierte Bankkonten sind nicht möglich.',
  error_6010: 'Die Partnerbank antwortet nicht, bitte versuchen Sie es später erneut.',
  error_6011: 'Die Signatur des Callbacks ist ungültig.',
  error_6012: 'Der Zeitstempel des Callbacks liegt außerhalb des zulässigen Zeitfensters.',
  error_6013: 'Das Partnerbankkonto ist nur im Echtmodus verfügbar.',
  error_6014: 'Ihr Partnerbankkonto ist bereits eröffnet oder wird gerade eröffnet.',
  error_6015: 'Eröffnen Sie zuerst Ihr Partnerbankkonto.',
  error_6016: 'Die Bank eröffnet Ihr Konto noch, bitte warten Sie einen Moment.',
  error_6017: 'Ihr e-KYC ist bereits abgeschlossen.',
  error_6201:
    'Der Kontoinhaber muss Ihrer verifizierten Identität entsprechen ({{expected}}): Nur Ihr eigenes Konto kann hinzugefügt werden.',
  error_6202: 'Gemeinschaftskonten werden nicht unterstützt: Das Konto muss allein auf Sie lauten.',
  error_6203:
    'Dieser Zahlungsweg wird nicht unterstützt: Fügen Sie ein Konto bei einer Bank hinzu (keine E-Wallets, Zahlungsinstitute oder Krypto-Plattformen).',
  error_6204:
    'Der SWIFT/BIC-Code muss aus 8 oder 11 Buchstaben und Ziffern mit gültigem Ländercode bestehen.',
  error_6205:
    'Die Kontonummer ist ungültig: 6–34 Buchstaben und Ziffern oder eine IBAN mit korrekter Prüfziffer.',
  error_6206:
    '{{currency}} ist bereits mit einem anderen Bankkonto verknüpft: Jede Währung wird mit genau einem Bankkonto verknüpft.',
  error_6207:
    'Nach der ersten Überweisung kann die Verknüpfung dieses Bankkontos nicht mehr geändert werden.',
  error_6208: 'Dieses Bankkonto steht bereits auf Ihrer Whitelist.',
  error_6209: 'Dieses Bankkonto existiert nicht.',
  error_6210: 'Nur Ihr eigenes Bankkonto kann hinzugefügt werden.',
  error_6211: '{{field}} darf nicht leer sein.',
  error_6212:
    '{{field}} akzeptiert nur lateinische Buchstaben, Ziffern und Satzzeichen, höchstens {{max}} Zeichen.',
  error_6213: 'Die Bankleitzahl muss aus 3 bis 11 Buchstaben und Ziffern bestehen.',
  error_6214:
    'Eine Auszahlung auf dieses Bankkonto läuft noch: Bitte warten Sie, bis sie abgeschlossen ist.',
  error_6215: 'Höchstens {{max}} Bankkonten können auf der Whitelist stehen.',
  error_6220: 'Fiat-Auszahlungen sind nur in {{currencies}} möglich.',
  error_6221:
    'Der Betrag muss größer als 0 sein und darf höchstens {{decimals}} Nachkommastellen haben.',
  error_6222: 'Die Mindestauszahlung beträgt {{minAmount}} {{currency}}.',
  error_6223: 'Diese Auszahlung existiert nicht.',
  error_6224:
    'Diese Auszahlung kann nicht mehr storniert werden: Ihre 24-stündige Sperre ist vorbei.',
  error_6225: 'Diese Anfrage-ID wurde bereits für eine andere Anfrage verwendet.',
  error_6227: 'Der Kontoname muss der Inhaber des verknüpften Bankkontos sein ({{holder}}).',
  error_6228: 'Geben Sie Name und SWIFT-Code der Zwischenbank an oder keines von beiden.',
  error_6300:
    'Nur eine Auszahlung, die auf den Bankarbeitstag wartet, kann jetzt gesendet werden; diese ist {{status}}.',
  // ---- foreign exchange ----
  error_6400:
    '{{currency}} kann hier nicht getauscht werden; wählen Sie eine dieser Währungen: {{currencies}}.',
  error_6401: 'Wählen Sie zwei verschiedene Währungen für den Tausch.',
  error_6402: 'Geben Sie einen Betrag über 0 mit höchstens {{decimals}} Nachkommastellen ein.',
  error_6403:
    'Der Wechselkurs von {{currency}} ist gerade nicht verfügbar; bitte versuchen Sie es gleich noch einmal.',
  error_6404: 'Der Betrag ist zu klein: Zu diesem Kurs würden Sie nichts in {{currency}} erhalten.',
  error_6405:
    'Dieses Angebot ist abgelaufen oder existiert nicht; bitte bestätigen Sie das neue Angebot.',
  error_6406: 'Dieses Angebot wurde bereits bestätigt; bitte holen Sie ein neues Angebot ein.',
  error_6407: 'Dieser Devisentausch existiert nicht.',
  error_6408: 'Diese Anfrage-ID wurde bereits für einen anderen Tausch verwendet.',
  error_6450: 'Der Schnellkauf ist derzeit nicht verfügbar.',
  error_6451: 'Kein Kontrahent, bitte wählen Sie eine Limit-Order.',
  error_6452: 'Diese Anfrage-ID wurde bereits für einen anderen Kauf verwendet.',
  error_6453: 'Der kleinste Kauf beträgt {{minSpend}} USD.',
  error_6454: 'Dieser Kauf existiert nicht.',
  error_6455: 'Unzureichendes verfügbares Guthaben: Sie haben {{available}} USD.',
  // ---- flash remittance ----
  error_6500: 'Kein Konto der Börse hat diese UID oder E-Mail-Adresse.',
  error_6501: 'Sie können Ihr eigenes Konto nicht hinzufügen.',
  error_6502:
    'Der Empfänger hat seine Identität nicht verifiziert und kann daher keine Blitzüberweisungen empfangen.',
  error_6503:
    'Dieses Konto ist geschlossen oder wird geschlossen und kann keine Blitzüberweisungen empfangen.',
  error_6504: 'Dieser Empfänger steht bereits auf Ihrer Whitelist für Blitzüberweisungen.',
  error_6505: 'Die Whitelist für Blitzüberweisungen fasst höchstens {{max}} Empfänger.',
  error_6506: 'Dieser Eintrag der Whitelist für Blitzüberweisungen existiert nicht.',
  error_6507: 'Der Empfänger steht nicht auf Ihrer Whitelist für Blitzüberweisungen.',
  error_6508:
    '{{currency}} kann nicht per Blitzüberweisung gesendet werden; wählen Sie eine Fiat-Währung, die Sie besitzen.',
  error_6509: 'Geben Sie einen Betrag über null mit höchstens {{decimals}} Nachkommastellen ein.',
  error_6510: 'Die Nachricht darf höchstens {{max}} Zeichen lang sein.',
  error_6511: 'Diese Blitzüberweisung existiert nicht.',
  error_6512: 'Diese Blitzüberweisung wartet nicht mehr auf den Empfänger (Status: {{status}}).',
  error_6513: 'Diese Anfrage-ID wurde bereits für eine andere Überweisung verwendet.',
  error_6514: 'Der Betrag muss größer als die Servicegebühr von {{fee}} {{currency}} sein.',
  error_6515: 'Blitzüberweisungen sind nur im Echtmodus verfügbar.',
  error_6516:
    'Der Wechselkurs von {{currency}} ist gerade nicht verfügbar; bitte versuchen Sie es gleich noch einmal.',
  // ---- fiat deposits ----
  error_6101: 'Fiat-Einzahlungen, -Auszahlungen und -Umtausch sind nur im Echtmodus verfügbar.',
  error_6102:
    'Bitte lesen und akzeptieren Sie zuerst die Treuhandvereinbarung und die Vereinbarung über Geldtransfers.',
  error_6103:
    'Die Vereinbarungen wurden aktualisiert; bitte lesen und akzeptieren Sie die aktuelle Fassung.',
  error_6104: '{{currency}} kann über diesen Kanal nicht eingezahlt werden.',
  error_6105: 'Der Betrag muss höher sein als die Gebühr von {{fee}} {{currency}}.',
  error_6106:
    'Eine einzelne Kartenaufladung beträgt höchstens {{max}} {{currency}} (Gegenwert von 1.000.000 USD).',
  error_6107: 'Die Kartennummer ist ungültig.',
  error_6108: 'Die Karte ist abgelaufen.',
  error_6109: 'Der Sicherheitscode (CVC) ist falsch.',
  error_6110:
    'Der Kartenzahlungsdienst ist nicht erreichbar; bitte versuchen Sie es später erneut.',
  error_6111: 'Diese Einzahlung existiert nicht.',
  error_6112: 'Die Signatur des Callbacks ist ungültig.',
  error_6113: 'Der Zeitstempel des Callbacks liegt außerhalb des zulässigen Zeitfensters.',
  error_6114: 'Diese Anfrage-ID wurde bereits für eine andere Einzahlung verwendet.',
  error_6115:
    'Der Wechselkurs für {{currency}} ist noch nicht verfügbar; bitte versuchen Sie es gleich erneut.',

  // ---- kyc ----
  error_7001: 'Ihre KYC-Stufe reicht für diese Aktion nicht aus.',
  error_7002: 'Kunden ohne Identitätsprüfung können diese Funktion nicht nutzen.',
  error_7003: 'Erst nach abgeschlossener KYC-Prüfung verfügbar.',
  error_7004: 'Identitätsprüfung fehlgeschlagen. Bitte reichen Sie Ihre Unterlagen erneut ein.',
  error_7005: 'Verifizierung fehlgeschlagen.',
  error_7006: 'Prüfung abgelehnt: {{reason}}',
  error_7007: '{{field}} darf nicht leer sein.',
  error_7008:
    '{{field}} akzeptiert nur englische Buchstaben, Ziffern und Satzzeichen (keine Zeichen voller Breite).',
  error_7009: '{{field}} muss weniger als {{max}} Zeichen haben.',
  error_7010: '{{field}} muss {{min}}-{{max}} Zeichen lang sein.',
  error_7011: '{{field}} darf keine Leerzeichen enthalten.',
  error_7012: '{{field}} und {{other}} dürfen nicht beide leer sein.',
  error_7013: '{{field}} akzeptiert nur {{accepted}}.',
  error_7014:
    'Die Identitätsprüfung ist für Personen von {{minAge}} bis {{maxAge}} Jahren; prüfen Sie das Geburtsdatum.',
  error_7015: '{{field}} muss ein Datum zwischen {{min}} und {{max}} sein.',
  error_7016: '{{field}} ist abgelaufen; das Dokument muss noch gültig sein.',
  error_7017:
    'Die Identitätsprüfung steht Einwohnern Festlandchinas und der Vereinigten Staaten nicht zur Verfügung.',
  error_7018:
    'Diese Prüfung passt nicht zu Ihrem Kontotyp: Privatkonten nutzen die Prüfung für Privatpersonen, Institutionskonten die für Institutionen.',
  error_7019: 'Wählen Sie zuerst die Identitätsprüfung als Kontotyp.',
  error_7020:
    'Dieses Konto hat auf die Identitätsprüfung verzichtet; für eine Prüfung ist eine neue Registrierung nötig.',
  error_7021: 'Ihre Prüfung wird bearbeitet.',
  error_7022: 'Ihre Identität ist bereits geprüft.',
  error_7023: 'Schließen Sie zuerst den vorherigen Schritt ab.',
  error_7024: '{{field}}: Die hochgeladene Datei wurde nicht gefunden; laden Sie sie erneut hoch.',
  error_7025: '{{field}} benötigt {{min}} bis {{max}} Dateien.',
  error_7026: 'Anteilseigner mit mehr als {{threshold}} % benötigen ein Ausweisdokument.',
  error_7027: '{{field}} muss ein Prozentsatz von 0 bis 100 mit höchstens 2 Nachkommastellen sein.',
  error_7028: 'Die Anteile der Anteilseigner dürfen zusammen 100 % nicht übersteigen.',
  error_7029: '{{field}} darf nicht nach {{other}} liegen.',
  error_7030: 'Die Signatur des Rückrufs ist ungültig.',
  error_7031: 'Der Zeitstempel des Rückrufs liegt außerhalb des zulässigen Zeitfensters.',
  error_7032: 'Prüfungsantrag nicht gefunden.',
  error_7033: 'Der Prüfdienst ist nicht verfügbar. Bitte versuchen Sie es später erneut.',
  error_7034:
    'Ohne Identitätsprüfung ist der Spothandel auf {{limitUsd}} USD pro 24 Stunden begrenzt; verbleibend {{remainingUsd}} USD.',
  error_7035: '{{field}} akzeptiert nur {{min}}-{{max}} Ziffern.',
  error_7036:
    'Ohne Identitätsprüfung ist dies auf {{limitUsd}} USD pro 24 Stunden begrenzt; {{remainingUsd}} USD verbleiben.',
  error_7060: 'Wählen Sie mindestens {{minFiles}} Datei zum Hochladen aus.',
  error_7061: 'Datei nicht gefunden.',
  error_7062:
    'Einige Dateien fehlen oder wurden für einen anderen Zweck hochgeladen; bitte laden Sie sie erneut hoch.',
  error_7063:
    'Upload-Limit erreicht: Ein Konto speichert höchstens {{maxFiles}} Dateien und {{maxMegabytes}} MB.',
  error_7064: 'Die Datei ist beschädigt oder konnte nicht gelesen werden.',
  error_7065: 'PDF-Dateien mit Skripten, Aktionen oder Anhängen werden nicht akzeptiert.',
  error_7066: 'Der Dateilink ist ungültig oder abgelaufen.',

  // ---- security ----
  error_8001: 'Bitte verknüpfen Sie zuerst Google Authenticator.',
  error_8002: 'Sie müssen Google Authenticator und eine E-Mail-Adresse verknüpfen.',
  error_8003: 'Kontoschließung fehlgeschlagen. Bitte versuchen Sie es erneut.',
  error_8004:
    'Nach einer Sicherheitsänderung sind Auszahlungen, interne Überweisungen und Blitzüberweisungen für 24 Stunden gesperrt.',
  error_8005: 'Der Google-Bestätigungscode ist falsch.',
  error_8006:
    'Auszahlungen, interne Überweisungen und Blitzüberweisungen sind nach einer Sicherheitsänderung 24 Stunden gesperrt: noch {{remainingHours}} Std. {{remainingMinutes}} Min., bis {{lockedUntilUtc}}.',
  error_8007: 'Der Google-Bestätigungscode muss 6 Ziffern haben.',
  error_8008:
    'Dieser Google-Bestätigungscode wurde bereits verwendet; warten Sie auf den nächsten.',
  error_8009: 'Google Authenticator ist bereits verknüpft.',
  error_8010:
    'Die Einrichtung des Authenticators ist abgelaufen; beginnen Sie die Verknüpfung erneut.',
  error_8011:
    'Zu viele falsche Google-Bestätigungscodes; versuchen Sie es in {{remainingMinutes}} Minuten erneut.',

  // ---- account cancellation ----
  error_2100: 'Stornieren Sie zuerst Ihre offenen Orders: {{count}} noch offen.',
  error_2101: 'Warten Sie, bis Ihre ausstehenden Ein- und Auszahlungen abgeschlossen sind.',
  error_2102: 'Ziehen Sie zuerst Ihre Guthaben ab: {{assets}}.',
  error_2103: 'Ein Kündigungsantrag wird bereits geprüft.',
  error_2104: 'Es wird kein Kündigungsantrag geprüft.',
  error_2105: 'Bitte geben Sie für diesen Grund eine Notiz mit 2-100 Zeichen ein.',
  error_2106:
    'Dieses Konto wurde gekündigt. Sie können sich mit dieser E-Mail-Adresse erneut als neues Konto registrieren.',
  error_2107: 'Ihre Kontokündigung wird geprüft; ziehen Sie den Antrag zurück, um dies zu tun.',
  // ---- operator command line and maintenance ----
  error_1300: 'Der Handel mit {{symbol}} ist wegen Wartung ausgesetzt: {{message}}',
  error_1301: 'Betreiberbefehl: {{entity}} {{key}} existiert nicht.',
  error_1302: 'Betreiberbefehl abgelehnt: {{reason}}',
};
