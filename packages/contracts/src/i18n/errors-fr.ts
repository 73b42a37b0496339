/** French (fr) texts of the error catalogue in `../errors.ts`, keyed `error_{code}`. */
export const errorsFr: Record<string, string> = {
  // ---- session ----
  error_401: 'Votre session a expiré, veuillez vous reconnecter.',
  error_4003:
    'Votre compte est connecté sur un autre appareil ; si ce n’est pas vous, changez immédiatement votre mot de passe.',
  error_4100:
    'Cette connexion suit déjà {{limit}} canaux, le maximum autorisé ; désabonnez-vous d’abord de l’un d’eux.',

  // ---- system and request ----
  error_1000: 'Le système est occupé, veuillez réessayer plus tard.',
  error_1001: 'Maintenance en cours.',
  error_1002: 'Requête invalide : {{issues}}',
  error_1003: 'Le corps de la requête n’est pas un JSON valide.',
  error_1004: 'Champ inconnu : {{fields}}',
  error_1005: 'Le corps de la requête est trop volumineux.',
  error_1006: 'Introuvable.',
  error_1007: 'Méthode non autorisée.',
  error_1008: 'Trop de requêtes, réessayez dans {{retryAfterSeconds}} secondes.',
  error_1009: 'La requête a pris trop de temps, veuillez réessayer plus tard.',
  error_1010: 'Cette fonction n’est pas disponible.',
  error_1011: 'Type de contenu non pris en charge.',
  error_1012: 'Le système est occupé, veuillez réessayer plus tard.',
  error_1013: 'Nombre maximal de fichiers atteint.',
  error_1014: 'Le fichier est trop volumineux.',
  error_1015: 'Formats acceptés uniquement : {{types}}.',
  error_1016: 'Opération réussie. Veuillez vous reconnecter.',
  error_1017: 'Vous n’êtes pas autorisé à effectuer cette action.',
  error_1018: 'La requête n’a pas pu être vérifiée ; rechargez la page et réessayez.',
  error_1019: 'Non disponible en production.',
  // ---- fee reports and statements ----
  error_1150:
    'Les relevés couvrent le mois en cours et les 6 mois précédents : de {{earliest}} à {{latest}}.',
  error_1151: 'La fin de la période ne peut pas précéder son début.',
  error_1152:
    "L'historique ne couvre que les 6 derniers mois : choisissez un début à partir du {{earliest}}.",
  error_1100: "La notification n'existe pas.",
  error_1101: "L'e-mail des notifications {{type}} ne peut pas être modifié.",

  // ---- auth and identity ----
  error_2001: 'Échec de la connexion.',
  error_2002:
    'Échec de la connexion : e-mail ou mot de passe incorrect, tentative {{failedAttempts}} sur {{maxAttempts}}. Après {{maxAttempts}} tentatives erronées, le compte est bloqué pendant {{lockMinutes}} minutes.',
  error_2003:
    'Échec de la connexion {{failedAttempts}} fois. Le compte est bloqué pendant {{lockMinutes}} minutes ; {{remainingMinutes}} minutes restantes.',
  error_2004: 'Ce compte existe déjà.',
  error_2005: 'Les deux mots de passe saisis ne correspondent pas.',
  error_2006:
    'Format de mot de passe invalide. Utilisez 8 à 20 caractères avec une minuscule, une majuscule, un chiffre et un symbole, sans espace.',
  error_2007: 'Format d’adresse e-mail incorrect.',
  error_2008: 'Le code de vérification envoyé par e-mail est incorrect ou a expiré.',
  error_2009: 'Trop de codes erronés ; demandez un nouveau code.',
  error_2010: 'La vérification par puzzle a échoué, veuillez réessayer.',
  error_2011: 'Votre session a expiré, veuillez vous reconnecter.',
  error_2012:
    'Le type de compte a déjà été choisi ; une nouvelle inscription est nécessaire pour le modifier.',
  error_2013: 'Compte introuvable.',
  error_2014: 'Un code vient d’être envoyé ; réessayez dans {{retryAfterSeconds}} secondes.',
  error_2015: 'Veuillez d’abord compléter le puzzle de vérification.',
  error_2016: 'La connexion avec {{provider}} a échoué, veuillez réessayer.',
  error_2017: 'La connexion avec {{provider}} n’est pas disponible.',
  error_2018: 'Un compte existe déjà avec cet e-mail ; saisissez son mot de passe pour l’associer.',
  error_2019: 'La demande a expiré ; veuillez vous reconnecter.',
  error_2020: 'Le mot de passe est incorrect.',
  error_2021: 'Le code de vérification envoyé par e-mail doit comporter 6 chiffres.',
  error_2022: 'Le nouveau mot de passe doit être différent de l’actuel.',
  error_2023: 'La nouvelle adresse e-mail est identique à l’actuelle.',
  error_2024: 'Cette adresse e-mail est déjà utilisée.',
  error_2025:
    'Ce compte n’a pas encore de mot de passe ; définissez-en un d’abord avec « Mot de passe oublié ».',
  error_2026:
    'Échec de la connexion : code Google incorrect, tentative {{failedAttempts}} sur {{maxAttempts}}. Après {{maxAttempts}} tentatives erronées, le compte est bloqué pendant {{lockMinutes}} minutes.',
  error_2027: 'L’étape de connexion a expiré ; saisissez à nouveau votre mot de passe.',
  error_2028:
    'Trop de codes ont été envoyés à cette adresse au cours de la dernière heure ; réessayez dans {{retryAfterMinutes}} minutes.',
  error_2029:
    'Lisez et acceptez les conditions d’utilisation et la politique de confidentialité pour créer un compte.',
  error_2030:
    'Les conditions ont changé pendant votre lecture : lisez la nouvelle version et acceptez-la de nouveau.',
  error_2040:
    'Ce mot de passe figure sur une liste de mots de passe courants ou divulgués ; choisissez-en un autre.',
  error_2041:
    'Le mot de passe ne doit contenir ni votre adresse e-mail ni la partie située avant le @.',
  error_2042:
    'Le crédit de développement est réservé au trading démo et à Trader pour une récompense ; des fonds réels ne peuvent jamais être crédités.',

  // ---- trading ----
  error_3001: 'Solde insuffisant.',
  error_3002: 'Aucune contrepartie, veuillez choisir un ordre à cours limité.',
  error_3003: 'L’achat dépasse l’offre maximale ; l’ordre a été partiellement exécuté.',
  error_3004: '{{field}} est obligatoire et doit être supérieur à 0.',
  error_3005: 'La quantité ne peut pas être vide.',
  error_3006: 'La quantité doit être un multiple du pas de quantité {{stepSize}}.',
  error_3007: 'La quantité ne peut pas être inférieure au minimum de {{minQty}}.',
  error_3008:
    'Le montant total de l’ordre ne peut pas être inférieur au minimum de {{minNotional}}.',
  error_3009: 'La partie visible de l’ordre iceberg doit être inférieure au montant de l’ordre.',
  error_3010: 'Le prix doit être un multiple du pas de cotation {{tickSize}}.',
  error_3011: 'Plage autorisée : de {{min}} à {{max}}.',
  error_3012: 'Format de nombre invalide.',
  error_3013: 'Ce marché n’est pas disponible.',
  error_3014: 'Ordre introuvable.',
  error_3015: 'Cet ordre ne peut plus être annulé.',
  error_3016: 'L’ordre post-only aurait été exécuté immédiatement ; il a été rejeté.',
  error_3017: 'L’ordre FOK (exécution totale ou annulation) n’a pas pu être exécuté intégralement.',
  error_3018: 'L’historique ne couvre que les 6 derniers mois.',
  error_3019:
    'La partie visible de l’ordre iceberg doit être d’au moins {{minIcebergSize}} (1/100 du montant, et pas moins que la quantité minimale).',
  error_3020: '{{field}} ne s’applique pas à ce type d’ordre.',
  error_3030: '{{from}} ne peut pas être converti en {{to}} ici.',
  error_3031:
    'Saisissez un montant de {{asset}} entre {{min}} et {{max}} avec au plus {{decimals}} décimales.',
  error_3032: 'Le devis a expiré ; demandez-en un nouveau.',
  error_3033: 'Ce devis a déjà été confirmé.',
  error_3034: 'Cet identifiant de demande a déjà servi à une autre conversion.',
  error_3035: "Cette conversion n'existe pas.",

  // ---- wallet ----
  error_3040: "Cette période de Trader pour une récompense n'existe pas.",
  error_3041:
    "Cette période n'est pas en cours : les inscriptions ouvrent à son début et ferment à sa fin.",
  error_3042:
    "Annulez d'abord vos ordres ouverts en Trader pour une récompense : l'inscription remet vos fonds d'essai aux fonds de départ.",
  error_3043:
    "Les fonds d'essai ne peuvent pas être réinitialisés pendant la compétition ; la période se termine le {{endsAt}}.",
  error_5001: 'Solde disponible insuffisant.',
  error_5002: 'Le montant du retrait est requis.',
  error_5003: 'Le format de l’adresse est incorrect.',
  error_5004: 'Veuillez saisir une note de 2 à 30 caractères.',
  error_5005: 'La note ne peut pas dépasser 100 caractères.',
  error_5006: 'L’UID est requis.',
  error_5007: 'L’adresse est requise.',
  error_5008: 'Cet actif n’est pas disponible.',
  error_5009: 'Cette cryptomonnaie est en cours de maintenance.',
  error_5100: 'Cette cryptomonnaie ne peut pas être déposée ni retirée sur ce réseau.',
  error_5101: 'Les dépôts de cette cryptomonnaie sur ce réseau sont suspendus.',
  error_5102: "Le réseau n'est pas connecté, veuillez réessayer plus tard.",
  error_5103: 'Dépôt introuvable.',
  error_5104: 'Seul un dépôt retardé peut être relancé.',
  error_5105: 'Ce dépôt pourra être relancé dans {{minutes}} minutes.',
  error_5106: 'La signature du rappel est invalide.',
  error_5107: "L'horodatage du rappel est hors de la fenêtre acceptée.",
  error_5108: "Les dépôts et retraits de cryptomonnaies ne sont disponibles qu'en mode réel.",
  error_5109: "Le réseau n'a pas répondu, veuillez réessayer plus tard.",

  // ---- wallet: withdrawals, internal transfers, whitelists ----
  error_5201: 'Cette adresse figure déjà dans votre liste blanche.',
  error_5202: 'Cet UID figure déjà dans votre liste blanche.',
  error_5203: 'La liste blanche est pleine ({{max}} entrées au maximum).',
  error_5204: "Cette entrée de la liste blanche n'existe pas.",
  error_5205: "Ce réseau n'est pas disponible pour {{asset}}.",
  error_5206:
    "Seules les adresses de la liste blanche peuvent être utilisées : ajoutez d'abord cette adresse à votre liste blanche.",
  error_5207: 'Cette adresse de la liste blanche pourra être utilisée à partir du {{usableFrom}}.',
  error_5208:
    "Seuls les UID de la liste blanche peuvent être utilisés : ajoutez d'abord cet UID à votre liste blanche.",
  error_5209: 'Cet UID de la liste blanche pourra être utilisé à partir du {{usableFrom}}.',
  error_5210: "Aucun compte n'a cet UID.",
  error_5211: 'Vous ne pouvez pas effectuer de transfert vers votre propre compte.',
  error_5212: 'Ce compte ne peut pas recevoir de transferts.',
  error_5213: 'Le montant doit être supérieur à 0 avec au plus {{decimals}} décimales.',
  error_5214: 'Le retrait minimum est de {{minAmount}} {{asset}}.',
  error_5215:
    'Le montant doit dépasser les frais et les frais de gaz du réseau ({{fees}} {{asset}}).',
  error_5216:
    'Solde disponible insuffisant : au plus {{withdrawable}} {{asset}} peuvent quitter votre compte maintenant par retrait, transfert ou envoi (les dépôts crypto sont bloqués 24 heures après leur crédit ; ils peuvent être négociés entre-temps).',
  error_5217: "Ce retrait n'existe pas.",
  error_5218: 'Ce retrait ne peut plus être annulé.',
  error_5219: "Les retraits et les transferts ne sont disponibles qu'en mode Réel.",
  error_5220: 'Cet identifiant de requête a déjà été utilisé pour une autre requête.',
  // ---- fiat ----
  error_6001: 'Cette carte bancaire ne figure pas sur la liste blanche.',
  error_6002: 'Aucune carte bancaire active.',
  error_6003: 'L’ouverture du compte a échoué.',
  error_6004: 'Échec de la vérification e-KYC.',
  error_6005: 'Lien expiré ou vérification échouée, veuillez générer un nouveau lien.',
  error_6006: 'Les retraits vers un compte bancaire non vérifié sont impossibles.',
  error_6010: 'La banque partenaire ne répond pas, veuillez réessayer plus tard.',
  error_6011: 'La signature du rappel est invalide.',
  error_6012: "L'horodatage du rappel est hors de la fenêtre acceptée.",
  error_6013: "Le compte auprès de la banque partenaire n'est disponible qu'en mode Réel.",
  error_6014:
    "Votre compte auprès de la banque partenaire est déjà ouvert ou en cours d'ouverture.",
  error_6015: "Ouvrez d'abord votre compte auprès de la banque partenaire.",
  error_6016: 'La banque ouvre encore votre compte, veuillez patienter un instant.',
  error_6017: 'Votre e-KYC est déjà terminé.',
  error_6201:
    'Le titulaire du compte doit correspondre à votre identité vérifiée ({{expected}}) : seul votre propre compte peut être ajouté.',
  error_6202: 'Les comptes joints ne sont pas acceptés : le compte doit être à votre seul nom.',
  error_6203:
    'Ce moyen de paiement n’est pas accepté : ajoutez un compte dans une banque (pas de portefeuille électronique, d’établissement de paiement ni de plateforme crypto).',
  error_6204:
    'Le code SWIFT/BIC doit comporter 8 ou 11 lettres et chiffres avec un code pays valide.',
  error_6205:
    'Le numéro de compte n’est pas valide : 6 à 34 lettres et chiffres, ou un IBAN dont la clé est correcte.',
  error_6206:
    '{{currency}} est déjà lié à un autre compte bancaire : chaque devise est liée à un seul compte bancaire.',
  error_6207: 'Après le premier virement, le lien de ce compte bancaire ne peut plus être modifié.',
  error_6208: 'Ce compte bancaire figure déjà sur votre liste blanche.',
  error_6209: 'Ce compte bancaire n’existe pas.',
  error_6210: 'Seul votre propre compte bancaire peut être ajouté.',
  error_6211: '{{field}} ne peut pas être vide.',
  error_6212:
    '{{field}} n’accepte que des lettres latines, des chiffres et de la ponctuation, {{max}} caractères au plus.',
  error_6213: 'Le code banque doit comporter 3 à 11 lettres et chiffres.',
  error_6214: 'Un retrait vers ce compte bancaire est en cours : attendez qu’il soit terminé.',
  error_6215: 'Au plus {{max}} comptes bancaires peuvent figurer sur la liste blanche.',
  error_6220: 'Les retraits fiat ne sont disponibles qu’en {{currencies}}.',
  error_6221: 'Le montant doit être supérieur à 0 avec au plus {{decimals}} décimales.',
  error_6222: 'Le retrait minimum est de {{minAmount}} {{currency}}.',
  error_6223: 'Ce retrait n’existe pas.',
  error_6224: 'Ce retrait ne peut plus être annulé : son gel de 24 heures est terminé.',
  error_6225: 'Cet identifiant de requête a déjà servi pour une autre requête.',
  error_6227: 'Le nom du compte doit être celui du titulaire du compte bancaire lié ({{holder}}).',
  error_6228: 'Indiquez le nom de la banque intermédiaire et son code SWIFT, ou aucun des deux.',
  error_6300:
    'Seul un retrait en attente du jour ouvré bancaire peut être envoyé maintenant ; celui-ci est {{status}}.',
  // ---- foreign exchange ----
  error_6400:
    '{{currency}} ne peut pas être échangé ici ; choisissez l’une de ces devises : {{currencies}}.',
  error_6401: 'Choisissez deux devises différentes à échanger.',
  error_6402: 'Saisissez un montant supérieur à 0 avec au plus {{decimals}} décimales.',
  error_6403:
    'Le taux de change de {{currency}} n’est pas disponible pour le moment ; réessayez dans un instant.',
  error_6404: 'Le montant est trop faible : à ce taux, vous ne recevriez rien en {{currency}}.',
  error_6405: 'Cette cotation a expiré ou n’existe pas ; veuillez confirmer la nouvelle cotation.',
  error_6406: 'Cette cotation a déjà été confirmée ; veuillez en obtenir une nouvelle.',
  error_6407: 'Ce change n’existe pas.',
  error_6408: 'Cet identifiant de requête a déjà servi pour un autre change.',
  error_6450: "L'achat rapide est indisponible pour le moment.",
  error_6451: 'Aucune contrepartie, veuillez choisir un ordre à cours limité.',
  error_6452: 'Cet identifiant de requête a déjà été utilisé pour un autre achat.',
  error_6453: "L'achat minimum est de {{minSpend}} USD.",
  error_6454: "Cet achat n'existe pas.",
  error_6455: 'Solde disponible insuffisant : vous avez {{available}} USD.',
  // ---- flash remittance ----
  error_6500: 'Aucun compte de la plateforme ne porte cet UID ou cette adresse e-mail.',
  error_6501: 'Vous ne pouvez pas ajouter votre propre compte.',
  error_6502:
    'Le destinataire n’a pas vérifié son identité et ne peut donc pas recevoir de virements éclair.',
  error_6503:
    'Ce compte est clôturé ou en cours de clôture et ne peut pas recevoir de virements éclair.',
  error_6504: 'Ce destinataire figure déjà dans votre liste blanche de virements éclair.',
  error_6505: 'La liste blanche de virements éclair compte au plus {{max}} destinataires.',
  error_6506: 'Cette entrée de la liste blanche de virements éclair n’existe pas.',
  error_6507: 'Le destinataire ne figure pas dans votre liste blanche de virements éclair.',
  error_6508:
    '{{currency}} ne peut pas être envoyé par virement éclair ; choisissez une devise fiat que vous détenez.',
  error_6509: 'Saisissez un montant supérieur à zéro avec au plus {{decimals}} décimales.',
  error_6510: 'Le message ne peut pas dépasser {{max}} caractères.',
  error_6511: 'Ce virement éclair n’existe pas.',
  error_6512: 'Ce virement éclair n’attend plus le destinataire (il est {{status}}).',
  error_6513: 'Cet identifiant de demande a déjà servi pour un autre virement.',
  error_6514: 'Le montant doit être supérieur aux frais de service de {{fee}} {{currency}}.',
  error_6515: 'Le virement éclair n’est disponible qu’en mode réel.',
  error_6516:
    'Le taux de change de {{currency}} n’est pas disponible pour le moment ; réessayez dans un instant.',
  // ---- fiat deposits ----
  error_6101:
    'Les dépôts, retraits et changes en monnaie fiduciaire ne sont disponibles qu’en mode Réel.',
  error_6102:
    'Veuillez d’abord lire et accepter la convention de fiducie et la convention de transfert de fonds.',
  error_6103:
    'Les conventions ont été mises à jour ; veuillez lire et accepter la version en vigueur.',
  error_6104: '{{currency}} ne peut pas être déposé par ce canal.',
  error_6105: 'Le montant doit être supérieur aux frais de {{fee}} {{currency}}.',
  error_6106:
    'Une recharge par carte est limitée à {{max}} {{currency}} (l’équivalent de 1 000 000 USD).',
  error_6107: 'Le numéro de carte n’est pas valide.',
  error_6108: 'La carte a expiré.',
  error_6109: 'Le code de sécurité (CVC) est incorrect.',
  error_6110:
    'Le prestataire de paiement par carte est injoignable ; veuillez réessayer plus tard.',
  error_6111: 'Ce dépôt n’existe pas.',
  error_6112: 'La signature du rappel n’est pas valide.',
  error_6113: 'L’horodatage du rappel est hors de la fenêtre acceptée.',
  error_6114: 'Cet identifiant de requête a déjà servi pour un autre dépôt.',
  error_6115:
    'Le taux de change de {{currency}} n’est pas encore disponible ; veuillez réessayer dans un instant.',

  // ---- kyc ----
  error_7001: 'Votre niveau KYC est insuffisant pour cette action.',
  error_7002:
    'Les clients sans vérification d’identité ne peuvent pas utiliser cette fonctionnalité.',
  error_7003: 'Fonctionnalité indisponible tant que la vérification KYC n’est pas terminée.',
  error_7004: 'La vérification d’identité a échoué, veuillez soumettre à nouveau votre dossier.',
  error_7005: 'Échec de la vérification.',
  error_7006: 'Vérification refusée : {{reason}}',
  error_7007: '{{field}} ne peut pas être vide.',
  error_7008:
    '{{field}} n’accepte que des lettres anglaises, des chiffres et de la ponctuation (pas de caractères pleine chasse).',
  error_7009: '{{field}} doit comporter moins de {{max}} caractères.',
  error_7010: '{{field}} doit comporter de {{min}} à {{max}} caractères.',
  error_7011: '{{field}} ne peut pas contenir d’espaces.',
  error_7012: '{{field}} et {{other}} ne peuvent pas être vides tous les deux.',
  error_7013: '{{field}} n’accepte que {{accepted}}.',
  error_7014:
    'La vérification d’identité est réservée aux personnes de {{minAge}} à {{maxAge}} ans ; vérifiez la date de naissance.',
  error_7015: '{{field}} doit être une date comprise entre {{min}} et {{max}}.',
  error_7016: '{{field}} est dépassée ; le document doit être encore valide.',
  error_7017:
    'La vérification d’identité n’est pas proposée aux résidents de Chine continentale ni des États-Unis.',
  error_7018:
    'Cette vérification ne correspond pas à votre type de compte : les comptes particuliers utilisent la vérification particulier et les comptes institutionnels la vérification institution.',
  error_7019: 'Choisissez d’abord la vérification d’identité comme type de compte.',
  error_7020:
    'Ce compte a renoncé à la vérification d’identité ; une nouvelle inscription est nécessaire pour se faire vérifier.',
  error_7021: 'Votre vérification est en cours d’examen.',
  error_7022: 'Votre identité est déjà vérifiée.',
  error_7023: 'Terminez d’abord l’étape précédente.',
  error_7024: '{{field}} : le fichier envoyé est introuvable ; envoyez-le à nouveau.',
  error_7025: '{{field}} demande de {{min}} à {{max}} fichiers.',
  error_7026:
    'Les actionnaires détenant plus de {{threshold}} % doivent fournir une pièce d’identité.',
  error_7027: '{{field}} doit être un pourcentage de 0 à 100 avec au plus 2 décimales.',
  error_7028: 'Le total des participations des actionnaires ne peut pas dépasser 100 %.',
  error_7029: '{{field}} ne doit pas être postérieure à {{other}}.',
  error_7030: 'La signature du rappel est invalide.',
  error_7031: 'L’horodatage du rappel est hors de la fenêtre acceptée.',
  error_7032: 'Demande de vérification introuvable.',
  error_7033: 'Le service de vérification est indisponible, veuillez réessayer plus tard.',
  error_7034:
    'Sans vérification d’identité, le trading au comptant est limité à {{limitUsd}} USD par 24 heures ; il reste {{remainingUsd}} USD.',
  error_7035: '{{field}} n’accepte que {{min}} à {{max}} chiffres.',
  error_7036:
    "Sans vérification d'identité, ceci est limité à {{limitUsd}} USD par 24 heures ; il reste {{remainingUsd}} USD.",
  error_7060: 'Choisissez au moins {{minFiles}} fichier à téléverser.',
  error_7061: 'Fichier introuvable.',
  error_7062:
    'Certains fichiers sont manquants ou ont été téléversés pour un autre usage ; veuillez les téléverser à nouveau.',
  error_7063:
    'Limite de téléversement atteinte : un compte conserve au plus {{maxFiles}} fichiers et {{maxMegabytes}} Mo.',
  error_7064: 'Le fichier est endommagé ou illisible.',
  error_7065:
    'Les fichiers PDF contenant des scripts, des actions ou des pièces jointes ne sont pas acceptés.',
  error_7066: 'Le lien du fichier est invalide ou a expiré.',

  // ---- security ----
  error_8001: 'Veuillez d’abord associer Google Authenticator.',
  error_8002: 'Vous devez associer Google Authenticator et une adresse e-mail.',
  error_8003: 'La clôture du compte a échoué, veuillez réessayer.',
  error_8004:
    'Les retraits, transferts internes et virements express sont désactivés pendant 24 heures après une modification de sécurité.',
  error_8005: 'Le code de vérification Google est incorrect.',
  error_8006:
    'Les retraits, virements internes et transferts flash sont désactivés pendant 24 heures après une modification de sécurité : encore {{remainingHours}} h {{remainingMinutes}} min, jusqu’au {{lockedUntilUtc}}.',
  error_8007: 'Le code de vérification Google doit comporter 6 chiffres.',
  error_8008: 'Ce code de vérification Google a déjà été utilisé ; attendez le suivant.',
  error_8009: 'Google Authenticator est déjà associé.',
  error_8010: 'La configuration de l’authentificateur a expiré ; recommencez l’association.',
  error_8011:
    'Trop de codes de vérification Google erronés ; réessayez dans {{remainingMinutes}} minutes.',

  // ---- account cancellation ----
  error_2100: "Annulez d'abord vos ordres ouverts : {{count}} encore ouverts.",
  error_2101: 'Attendez la fin de vos dépôts et retraits en attente.',
  error_2102: "Retirez d'abord vos soldes : {{assets}}.",
  error_2103: "Une demande de clôture est déjà en cours d'examen.",
  error_2104: "Aucune demande de clôture n'est en cours d'examen.",
  error_2105: 'Veuillez saisir une note de 2 à 100 caractères pour ce motif.',
  error_2106:
    'Ce compte a été clôturé. Vous pouvez vous réinscrire avec cette adresse e-mail en tant que nouveau compte.',
  error_2107:
    "La clôture de votre compte est en cours d'examen ; retirez la demande pour effectuer cette action.",
  // ---- operator command line and maintenance ----
  error_1300: 'La négociation de {{symbol}} est suspendue pour maintenance : {{message}}',
  error_1301: 'Commande d’opérateur : {{entity}} {{key}} n’existe pas.',
  error_1302: 'Commande d’opérateur refusée : {{reason}}',
};
