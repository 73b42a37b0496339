/**
 * The one catalogue of error codes. Each code has an HTTP status, an i18n key `error_{code}` and
 * its English text; `{{name}}` marks a variable filled from the error envelope's `data`.
 *
 * Ranges by area:
 *   401, 4003  session (force logout on the client; kept at these values for the client)
 *   1000-1999  system and request
 *   2000-2999  auth and identity
 *   3000-3999  trading
 *   4000-4999  session and socket (4003 here; 4888 and 4889 are the client's own socket codes)
 *   5000-5999  wallet
 *   6000-6999  fiat
 *   7000-7999  kyc
 *   8000-8999  security
 */
export const ERROR_RANGES = {
  system: [1000, 1999],
  auth: [2000, 2999],
  trading: [3000, 3999],
  session: [4000, 4999],
  wallet: [5000, 5999],
  fiat: [6000, 6999],
  kyc: [7000, 7999],
  security: [8000, 8999],
} as const;

interface ErrorDefinition {
  readonly code: number;
  readonly status: number;
  readonly message: string;
}

const def = (code: number, status: number, message: string): ErrorDefinition => ({
  code,
  status,
  message,
});

export const ErrorCode = {
  // ---- session: the client logs out without a toast ----
  UNAUTHORIZED: def(401, 401, 'Login session expired, please log in again.'),
  LOGGED_IN_ELSEWHERE: def(
    4003,
    401,
    'Your account is logged in on another device; change the password immediately if it was not you.',
  ),
  /** A subscribe past SOCKET_MAX_SUBSCRIPTIONS (socket.ts): nothing is subscribed. */
  SOCKET_TOO_MANY_SUBSCRIPTIONS: def(
    4100,
    400,
    'This connection already follows {{limit}} channels, the most it may; unsubscribe from one first.',
  ),

  // ---- system and request ----
  SYSTEM_BUSY: def(1000, 503, 'The system is busy, try again later.'),
  UNDER_MAINTENANCE: def(1001, 503, 'Under maintenance.'),
  VALIDATION_FAILED: def(1002, 400, 'Invalid request: {{issues}}'),
  MALFORMED_JSON: def(1003, 400, 'The request body is not valid JSON.'),
  UNKNOWN_FIELD: def(1004, 400, 'Unknown field: {{fields}}'),
  PAYLOAD_TOO_LARGE: def(1005, 413, 'The request body is too large.'),
  NOT_FOUND: def(1006, 404, 'Not found.'),
  METHOD_NOT_ALLOWED: def(1007, 405, 'Method not allowed.'),
  RATE_LIMITED: def(1008, 429, 'Too many requests, try again in {{retryAfterSeconds}} seconds.'),
  REQUEST_TIMEOUT: def(1009, 503, 'The request took too long, try again later.'),
  BLOCKED: def(1010, 403, 'This function is not available.'),
  UNSUPPORTED_MEDIA_TYPE: def(1011, 415, 'Unsupported content type.'),
  INTERNAL: def(1012, 500, 'The system is busy, try again later.'),
  FILE_COUNT_LIMIT: def(1013, 400, 'File count limit reached.'),
  FILE_TOO_LARGE: def(1014, 413, 'The file is too large.'),
  FILE_TYPE_NOT_ALLOWED: def(1015, 400, 'Only accept {{types}}.'),
  OPERATION_SUCCEEDED_RELOGIN: def(1016, 200, 'The operation succeeded. Please log in again.'),
  FORBIDDEN: def(1017, 403, 'You do not have permission for this action.'),
  CSRF_FAILED: def(1018, 403, 'The request could not be verified; reload the page and try again.'),
  DEV_ONLY: def(1019, 404, 'Not available in production.'),
  // 1150-1199: fee reports and statements
  STATEMENT_MONTH_UNAVAILABLE: def(
    1150,
    400,
    'Statements cover the current month and the 6 months before it: {{earliest}} to {{latest}}.',
  ),
  REPORT_RANGE_INVALID: def(1151, 400, 'The end of the period must not be before its start.'),
  REPORT_HISTORY_WINDOW: def(
    1152,
    400,
    'Query history covers only the past 6 months: choose a start on or after {{earliest}}.',
  ),
  // 1300-1349: operator command line and maintenance
  SYMBOL_UNDER_MAINTENANCE: def(
    1300,
    503,
    'Trading of {{symbol}} is paused for maintenance: {{message}}',
  ),
  OPS_NOT_FOUND: def(1301, 404, 'Operator command: {{entity}} {{key}} does not exist.'),
  OPS_INVALID: def(1302, 400, 'Operator command refused: {{reason}}'),
  // 1100-1149: notifications
  NOTIFICATION_NOT_FOUND: def(1100, 404, 'The notification does not exist.'),
  NOTIFICATION_EMAIL_FIXED: def(
    1101,
    400,
    'The e-mail of {{type}} notifications cannot be changed.',
  ),

  // ---- auth and identity ----
  LOGIN_FAILED: def(2001, 401, 'Login failed.'),
  LOGIN_FAILED_ATTEMPTS: def(
    2002,
    401,
    'Login failed: incorrect e-mail or password, {{failedAttempts}} of {{maxAttempts}} attempts. After {{maxAttempts}} wrong attempts the account is locked for {{lockMinutes}} minutes.',
  ),
  ACCOUNT_LOCKED: def(
    2003,
    423,
    'Login failed {{failedAttempts}} times. The account is locked for {{lockMinutes}} minutes; {{remainingMinutes}} minutes remaining.',
  ),
  ACCOUNT_EXISTS: def(2004, 409, 'Account already exists.'),
  PASSWORDS_DO_NOT_MATCH: def(2005, 400, 'The two passwords you entered do not match.'),
  INVALID_PASSWORD_FORMAT: def(
    2006,
    400,
    'Invalid password format. Use 8 to 20 characters with a lowercase letter, an uppercase letter, a number and a symbol, without spaces.',
  ),
  INVALID_EMAIL_FORMAT: def(2007, 400, 'Incorrect mailbox format.'),
  EMAIL_CODE_INVALID: def(2008, 400, 'The e-mail verification code is incorrect or has expired.'),
  EMAIL_CODE_TOO_MANY_ATTEMPTS: def(2009, 429, 'Too many wrong codes; request a new code.'),
  PUZZLE_FAILED: def(2010, 400, 'The slide puzzle check failed, try again.'),
  REFRESH_TOKEN_INVALID: def(2011, 401, 'Login session expired, please log in again.'),
  ACCOUNT_TYPE_ALREADY_CHOSEN: def(
    2012,
    409,
    'The account type has already been chosen; a new registration is needed to change it.',
  ),
  ACCOUNT_NOT_FOUND: def(2013, 404, 'Account not found.'),
  EMAIL_CODE_TOO_SOON: def(
    2014,
    429,
    'A code was sent recently; try again in {{retryAfterSeconds}} seconds.',
  ),
  PUZZLE_REQUIRED: def(2015, 400, 'Complete the slide puzzle first.'),
  OAUTH_FAILED: def(2016, 400, 'Sign-in with {{provider}} failed, please try again.'),
  OAUTH_PROVIDER_UNAVAILABLE: def(2017, 404, 'Sign-in with {{provider}} is not available.'),
  OAUTH_LINK_REQUIRED: def(
    2018,
    409,
    'An account with this e-mail already exists; enter its password to link it.',
  ),
  OAUTH_LINK_EXPIRED: def(2019, 400, 'The request has expired; please sign in again.'),
  PASSWORD_INCORRECT: def(2020, 400, 'The password is incorrect.'),
  EMAIL_CODE_FORMAT: def(2021, 400, 'The e-mail verification code must be 6 digits.'),
  NEW_PASSWORD_SAME: def(2022, 400, 'The new password must differ from the current one.'),
  EMAIL_UNCHANGED: def(2023, 400, 'The new e-mail address is the same as the current one.'),
  EMAIL_TAKEN: def(2024, 409, 'This e-mail address is already in use.'),
  PASSWORD_NOT_SET: def(
    2025,
    400,
    'This account has no password yet; set one with "Forgot password" first.',
  ),
  LOGIN_GOOGLE_CODE_FAILED: def(
    2026,
    401,
    'Login failed: incorrect Google verification code, {{failedAttempts}} of {{maxAttempts}} attempts. After {{maxAttempts}} wrong attempts the account is locked for {{lockMinutes}} minutes.',
  ),
  LOGIN_TICKET_INVALID: def(2027, 401, 'The login step has expired; enter your password again.'),
  EMAIL_CODE_HOURLY_LIMIT: def(
    2028,
    429,
    'Too many codes were sent to this address in the last hour; try again in {{retryAfterMinutes}} minutes.',
  ),
  AGREEMENTS_NOT_ACCEPTED: def(
    2029,
    400,
    'Read and agree to the Terms of Service and the Privacy Policy to create an account.',
  ),
  AGREEMENTS_CHANGED: def(
    2030,
    409,
    'The terms changed while you were reading them: read the new version and agree again.',
  ),
  PASSWORD_TOO_COMMON: def(
    2040,
    400,
    'This password is on a list of common or leaked passwords; choose another.',
  ),
  PASSWORD_CONTAINS_EMAIL: def(
    2041,
    400,
    'The password must not contain your e-mail address or the part before the @.',
  ),
  DEV_CREDIT_REAL_REFUSED: def(
    2042,
    403,
    'The development credit is for Demo and Trial only; Real funds can never be credited.',
  ),

  // ---- account cancellation (2100-2149) ----
  CANCELLATION_OPEN_ORDERS: def(2100, 409, 'Cancel your open orders first: {{count}} still open.'),
  CANCELLATION_PENDING_MONEY: def(
    2101,
    409,
    'Wait until your pending deposits and withdrawals are finished.',
  ),
  CANCELLATION_BALANCE_ABOVE_DUST: def(2102, 409, 'Withdraw your balances first: {{assets}}.'),
  CANCELLATION_UNDER_REVIEW: def(2103, 409, 'A cancellation request is already under review.'),
  CANCELLATION_NOT_UNDER_REVIEW: def(2104, 409, 'No cancellation request is under review.'),
  CANCELLATION_NOTE_REQUIRED: def(
    2105,
    400,
    'Please enter a 2-100 character note for this reason.',
  ),
  ACCOUNT_CANCELLED: def(
    2106,
    403,
    'This account has been cancelled. You may register again with this e-mail address as a new account.',
  ),
  CANCELLATION_BLOCKS_ACTION: def(
    2107,
    403,
    'Your account cancellation is under review; withdraw the request to do this.',
  ),

  // ---- trading ----
  INSUFFICIENT_BALANCE: def(3001, 400, 'Insufficient balance.'),
  NO_COUNTERPARTY: def(3002, 400, 'No counterparty, please choose a limit order.'),
  PARTIAL_FILL_MAX_SUPPLY: def(3003, 200, 'Purchase exceeds max supply, partially filled.'),
  FIELD_REQUIRED_POSITIVE: def(3004, 400, '{{field}} is required and must be greater than 0.'),
  QUANTITY_REQUIRED: def(3005, 400, 'Quantity cannot be empty.'),
  QUANTITY_STEP_SIZE: def(3006, 400, 'Quantity must be a multiple of the step size {{stepSize}}.'),
  QUANTITY_BELOW_MINIMUM: def(3007, 400, 'Quantity cannot be below the minimum {{minQty}}.'),
  NOTIONAL_BELOW_MINIMUM: def(
    3008,
    400,
    'Order total cannot be below the minimum {{minNotional}}.',
  ),
  ICEBERG_SIZE_TOO_LARGE: def(3009, 400, 'Iceberg size must be below the order amount.'),
  PRICE_TICK_SIZE: def(3010, 400, 'Price must be a multiple of the tick size {{tickSize}}.'),
  NUMBER_OUT_OF_RANGE: def(3011, 400, 'Allowed range: {{min}} to {{max}}.'),
  INVALID_NUMBER_FORMAT: def(3012, 400, 'Invalid number format.'),
  SYMBOL_NOT_AVAILABLE: def(3013, 400, 'This market is not available.'),
  ORDER_NOT_FOUND: def(3014, 404, 'Order not found.'),
  ORDER_NOT_CANCELLABLE: def(3015, 409, 'The order can no longer be cancelled.'),
  POST_ONLY_WOULD_TAKE: def(
    3016,
    400,
    'A post-only order would trade immediately and was rejected.',
  ),
  FILL_OR_KILL_UNFILLED: def(3017, 400, 'The fill-or-kill order could not be filled completely.'),
  HISTORY_RANGE_EXCEEDED: def(3018, 400, 'Query history covers only the past 6 months.'),
  ICEBERG_SIZE_TOO_SMALL: def(
    3019,
    400,
    'Iceberg size must be at least {{minIcebergSize}} (1/100 of the amount, and the minimum quantity).',
  ),
  ORDER_FIELD_NOT_ALLOWED: def(3020, 400, '{{field}} does not apply to this order type.'),
  // Convert (3030-3039)
  CONVERT_PAIR_UNSUPPORTED: def(3030, 400, '{{from}} cannot be converted to {{to}} here.'),
  CONVERT_AMOUNT_INVALID: def(
    3031,
    400,
    'Enter an amount of {{asset}} between {{min}} and {{max}} with at most {{decimals}} decimals.',
  ),
  CONVERT_QUOTE_EXPIRED: def(3032, 400, 'The quote has expired; ask for a new one.'),
  CONVERT_QUOTE_USED: def(3033, 409, 'This quote was already confirmed.'),
  CONVERT_REQUEST_REUSED: def(
    3034,
    409,
    'This request id was already used for a different conversion.',
  ),
  CONVERT_NOT_FOUND: def(3035, 404, 'This conversion does not exist.'),
  // Trade for Reward (3040-3049)
  COMPETITION_NOT_FOUND: def(3040, 404, 'This Trade for Reward period does not exist.'),
  COMPETITION_NOT_RUNNING: def(
    3041,
    400,
    'This period is not running: entries open at its start and close at its end.',
  ),
  COMPETITION_ORDERS_OPEN: def(
    3042,
    400,
    'Cancel your open Trade for Reward orders first: joining sets your Trial funds back to the starting funds.',
  ),
  COMPETITION_RESET_LOCKED: def(
    3043,
    400,
    'Trial funds cannot be reset while you compete; the period ends at {{endsAt}}.',
  ),

  // ---- wallet ----
  INSUFFICIENT_AVAILABLE_BALANCE: def(5001, 400, 'Insufficient available balance.'),
  WITHDRAWAL_AMOUNT_REQUIRED: def(5002, 400, 'Withdrawal amount required.'),
  ADDRESS_FORMAT_INCORRECT: def(5003, 400, 'The address format is incorrect.'),
  NOTE_LENGTH: def(5004, 400, 'Please enter 2-30 character Note.'),
  NOTE_TOO_LONG: def(5005, 400, 'Note cannot exceed 100 characters.'),
  UID_REQUIRED: def(5006, 400, 'UID is required.'),
  ADDRESS_REQUIRED: def(5007, 400, 'Address is required.'),
  ASSET_NOT_AVAILABLE: def(5008, 400, 'This asset is not available.'),
  COIN_UNDER_MAINTENANCE: def(5009, 503, 'This coin is under maintenance.'),
  // 5100-5199: crypto deposits, networks and the chains' callbacks
  CRYPTO_NETWORK_UNSUPPORTED: def(
    5100,
    400,
    'This coin cannot be deposited or withdrawn on this network.',
  ),
  CRYPTO_DEPOSIT_SUSPENDED: def(5101, 400, 'Deposits of this coin on this network are suspended.'),
  CHAIN_DISCONNECTED: def(5102, 503, 'The network is not connected, try again later.'),
  CRYPTO_DEPOSIT_NOT_FOUND: def(5103, 404, 'Deposit not found.'),
  CRYPTO_DEPOSIT_NOT_RETRYABLE: def(5104, 400, 'Only a delayed deposit can be retried.'),
  CRYPTO_DEPOSIT_RETRY_TOO_EARLY: def(
    5105,
    400,
    'This deposit can be retried in {{minutes}} minutes.',
  ),
  CHAIN_CALLBACK_SIGNATURE_INVALID: def(5106, 401, 'The callback signature is invalid.'),
  CHAIN_CALLBACK_EXPIRED: def(5107, 401, 'The callback timestamp is outside the accepted window.'),
  CRYPTO_WALLET_REAL_ONLY: def(
    5108,
    400,
    'Crypto deposits and withdrawals are available in Real mode only.',
  ),
  CHAIN_UNAVAILABLE: def(5109, 503, 'The network did not answer, try again later.'),

  // ---- wallet: withdrawals, internal transfers, whitelists (5200-5399) ----
  WHITELIST_ADDRESS_EXISTS: def(5201, 409, 'This address is already in your whitelist.'),
  WHITELIST_UID_EXISTS: def(5202, 409, 'This UID is already in your whitelist.'),
  WHITELIST_FULL: def(5203, 400, 'The whitelist is full (at most {{max}} entries).'),
  WHITELIST_ENTRY_NOT_FOUND: def(5204, 404, 'This whitelist entry does not exist.'),
  NETWORK_NOT_SUPPORTED: def(5205, 400, 'This network is not available for {{asset}}.'),
  ADDRESS_NOT_WHITELISTED: def(
    5206,
    400,
    'Only whitelisted addresses can be used: add this address to your whitelist first.',
  ),
  WHITELIST_ADDRESS_COOLING: def(
    5207,
    400,
    'This whitelisted address can be used from {{usableFrom}}.',
  ),
  UID_NOT_WHITELISTED: def(
    5208,
    400,
    'Only whitelisted UIDs can be used: add this UID to your whitelist first.',
  ),
  WHITELIST_UID_COOLING: def(5209, 400, 'This whitelisted UID can be used from {{usableFrom}}.'),
  TRANSFER_UID_NOT_FOUND: def(5210, 400, 'No account has this UID.'),
  TRANSFER_TO_SELF: def(5211, 400, 'You cannot transfer to your own account.'),
  TRANSFER_RECIPIENT_UNAVAILABLE: def(5212, 400, 'This account cannot receive transfers.'),
  AMOUNT_INVALID: def(
    5213,
    400,
    'The amount must be greater than 0 with at most {{decimals}} decimals.',
  ),
  WITHDRAWAL_BELOW_MINIMUM: def(5214, 400, 'The minimum withdrawal is {{minAmount}} {{asset}}.'),
  WITHDRAWAL_BELOW_FEES: def(
    5215,
    400,
    'The amount must be more than the fee and the network gas fee ({{fees}} {{asset}}).',
  ),
  WITHDRAWAL_DEPOSIT_FROZEN: def(
    5216,
    400,
    'Insufficient available balance: at most {{withdrawable}} {{asset}} can leave your account now by withdrawal, transfer or remittance (crypto deposits are held for 24 hours after credit; they can be traded meanwhile).',
  ),
  WITHDRAWAL_NOT_FOUND: def(5217, 404, 'This withdrawal does not exist.'),
  WITHDRAWAL_NOT_CANCELLABLE: def(5218, 400, 'This withdrawal can no longer be cancelled.'),
  REAL_MODE_ONLY: def(5219, 400, 'Withdrawals and transfers are available in Real mode only.'),
  REQUEST_ID_REUSED: def(5220, 409, 'This request id was already used for a different request.'),

  // ---- fiat ----
  BANK_CARD_NOT_WHITELISTED: def(6001, 400, 'Bank card unlinked to the whitelist.'),
  NO_ACTIVE_BANK_CARD: def(6002, 400, 'No active bank card exists.'),
  OPEN_ACCOUNT_FAILED: def(6003, 400, 'Open account failed.'),
  EKYC_FAILED: def(6004, 400, 'e-KYC failed.'),
  VERIFICATION_LINK_EXPIRED: def(
    6005,
    400,
    'Link expired or verification failed, regenerate the link.',
  ),
  BANK_ACCOUNT_UNVERIFIED: def(6006, 400, 'Unverified bank accounts cannot withdraw.'),
  // ---- fiat: the partner bank and its account (6010-6099) ----
  BANK_UNAVAILABLE: def(6010, 503, 'The partner bank did not answer, try again later.'),
  BANK_CALLBACK_SIGNATURE_INVALID: def(6011, 401, 'The callback signature is invalid.'),
  BANK_CALLBACK_EXPIRED: def(6012, 401, 'The callback timestamp is outside the accepted window.'),
  PARTNER_BANK_REAL_ONLY: def(
    6013,
    400,
    'The partner bank account is available in Real mode only.',
  ),
  PARTNER_BANK_ACCOUNT_EXISTS: def(
    6014,
    409,
    'Your partner bank account is already open or being opened.',
  ),
  PARTNER_BANK_ACCOUNT_NOT_OPEN: def(6015, 400, 'Open your partner bank account first.'),
  PARTNER_BANK_ACCOUNT_OPENING: def(
    6016,
    400,
    'The bank is still opening your account, please wait a moment.',
  ),
  EKYC_ALREADY_PASSED: def(6017, 409, 'Your e-KYC is already complete.'),
  // fiat: bank-account whitelist and fiat withdrawal (6200-6299)
  BANK_HOLDER_MISMATCH: def(
    6201,
    400,
    'The account holder must match your verified identity ({{expected}}): only your own account may be added.',
  ),
  BANK_JOINT_ACCOUNT: def(
    6202,
    400,
    'Joint accounts are not supported: the account must be held by you alone.',
  ),
  BANK_RAIL_UNSUPPORTED: def(
    6203,
    400,
    'This payment channel is not supported: add an account at a bank (no e-wallets, payment institutions or crypto platforms).',
  ),
  BANK_SWIFT_INVALID: def(
    6204,
    400,
    'The SWIFT/BIC code must be 8 or 11 letters and digits with a valid country code.',
  ),
  BANK_ACCOUNT_NUMBER_INVALID: def(
    6205,
    400,
    'The account number is not valid: 6-34 letters and digits, or an IBAN with a correct check.',
  ),
  BANK_CURRENCY_TAKEN: def(
    6206,
    409,
    '{{currency}} is already linked to another bank account: each currency links to one bank account.',
  ),
  BANK_LINK_LOCKED: def(
    6207,
    400,
    'After the first transfer the link of this bank account cannot be changed.',
  ),
  BANK_ACCOUNT_EXISTS: def(6208, 409, 'This bank account is already on your whitelist.'),
  BANK_ACCOUNT_NOT_FOUND: def(6209, 404, 'This bank account does not exist.'),
  BANK_ACCOUNT_OTHER_OWNER: def(6210, 400, 'Only your own bank account may be added.'),
  BANK_FIELD_REQUIRED: def(6211, 400, '{{field}} cannot be empty.'),
  BANK_FIELD_INVALID: def(
    6212,
    400,
    '{{field}} only accepts English letters, digits and punctuation, at most {{max}} characters.',
  ),
  BANK_CODE_INVALID: def(6213, 400, 'The bank code must be 3 to 11 letters and digits.'),
  BANK_ACCOUNT_IN_USE: def(
    6214,
    400,
    'A withdrawal to this bank account is in progress: wait until it is finished.',
  ),
  BANK_ACCOUNTS_FULL: def(6215, 400, 'At most {{max}} bank accounts can be whitelisted.'),
  FIAT_CURRENCY_UNSUPPORTED: def(
    6220,
    400,
    'Fiat withdrawals are available in {{currencies}} only.',
  ),
  FIAT_AMOUNT_INVALID: def(
    6221,
    400,
    'The amount must be greater than 0 with at most {{decimals}} decimals.',
  ),
  FIAT_WITHDRAWAL_BELOW_MINIMUM: def(
    6222,
    400,
    'The minimum withdrawal is {{minAmount}} {{currency}}.',
  ),
  FIAT_WITHDRAWAL_NOT_FOUND: def(6223, 404, 'This withdrawal does not exist.'),
  FIAT_WITHDRAWAL_NOT_CANCELLABLE: def(
    6224,
    400,
    'This withdrawal can no longer be cancelled: it is past its 24-hour freeze.',
  ),
  FIAT_REQUEST_ID_REUSED: def(
    6225,
    409,
    'This request id was already used for a different request.',
  ),
  FIAT_ACCOUNT_NAME_MISMATCH: def(
    6227,
    400,
    'The account name must be the holder of the linked bank account ({{holder}}).',
  ),
  FIAT_TRANSIT_INCOMPLETE: def(
    6228,
    400,
    "Give both the transit bank's name and its SWIFT code, or neither.",
  ),
  // ---- flash remittance (6500-6599) ----
  FLASH_RECIPIENT_NOT_FOUND: def(6500, 404, 'No exchange account has this UID or e-mail address.'),
  FLASH_RECIPIENT_SELF: def(6501, 400, 'You cannot add your own account.'),
  FLASH_RECIPIENT_NOT_VERIFIED: def(
    6502,
    400,
    'The recipient has not verified their identity, so they cannot receive flash remittances.',
  ),
  FLASH_RECIPIENT_CLOSED: def(
    6503,
    400,
    'This account is closed or being closed and cannot receive flash remittances.',
  ),
  FLASH_WHITELIST_EXISTS: def(6504, 409, 'This recipient is already on your flash whitelist.'),
  FLASH_WHITELIST_FULL: def(6505, 400, 'At most {{max}} recipients can be on the flash whitelist.'),
  FLASH_WHITELIST_NOT_FOUND: def(6506, 404, 'This flash whitelist entry does not exist.'),
  FLASH_RECIPIENT_NOT_WHITELISTED: def(6507, 400, 'The recipient is not on your flash whitelist.'),
  FLASH_CURRENCY_NOT_SUPPORTED: def(
    6508,
    400,
    '{{currency}} cannot be sent by flash remittance; choose a fiat currency you hold.',
  ),
  FLASH_AMOUNT_INVALID: def(
    6509,
    400,
    'Enter an amount above zero with at most {{decimals}} decimals.',
  ),
  FLASH_MESSAGE_TOO_LONG: def(6510, 400, 'The message cannot exceed {{max}} characters.'),
  FLASH_REMITTANCE_NOT_FOUND: def(6511, 404, 'This flash remittance does not exist.'),
  FLASH_REMITTANCE_NOT_AWAITING: def(
    6512,
    409,
    'This flash remittance no longer awaits the recipient (it is {{status}}).',
  ),
  FLASH_REQUEST_ID_REUSED: def(
    6513,
    409,
    'This request id was already used for a different remittance.',
  ),
  FLASH_AMOUNT_BELOW_FEE: def(
    6514,
    400,
    'The amount must be greater than the service fee of {{fee}} {{currency}}.',
  ),
  FLASH_REAL_MODE_ONLY: def(6515, 400, 'Flash remittance is available in Real mode only.'),
  FLASH_RATE_UNAVAILABLE: def(
    6516,
    503,
    'The exchange rate of {{currency}} is not available right now; please try again shortly.',
  ),
  // fiat journey: the operator's send-now override (6300-6319)
  FIAT_WITHDRAWAL_NOT_SCHEDULED: def(
    6300,
    409,
    'Only a withdrawal waiting for the banking day can be sent now; this one is {{status}}.',
  ),
  // fiat: Rapid Buy, USD to USDT (6450-6499)
  RAPID_BUY_UNAVAILABLE: def(6450, 400, 'Rapid Buy is unavailable right now.'),
  RAPID_BUY_NO_COUNTERPARTY: def(6451, 400, 'No counterparty, please choose a limit order.'),
  RAPID_BUY_REQUEST_REUSED: def(
    6452,
    409,
    'This request id was already used for a different purchase.',
  ),
  RAPID_BUY_BELOW_MINIMUM: def(6453, 400, 'The smallest purchase is {{minSpend}} USD.'),
  RAPID_BUY_NOT_FOUND: def(6454, 404, 'This purchase does not exist.'),
  RAPID_BUY_INSUFFICIENT_BALANCE: def(
    6455,
    400,
    'Insufficient available balance: you have {{available}} USD.',
  ),

  // ---- foreign exchange (6400-6449) ----
  FX_CURRENCY_UNSUPPORTED: def(
    6400,
    400,
    '{{currency}} cannot be exchanged here; choose one of {{currencies}}.',
  ),
  FX_SAME_CURRENCY: def(6401, 400, 'Choose two different currencies to exchange.'),
  FX_AMOUNT_INVALID: def(
    6402,
    400,
    'Enter an amount above 0 with at most {{decimals}} decimal places.',
  ),
  FX_RATE_UNAVAILABLE: def(
    6403,
    503,
    'The exchange rate of {{currency}} is not available right now; please try again shortly.',
  ),
  FX_AMOUNT_TOO_SMALL: def(
    6404,
    400,
    'The amount is too small: at this rate you would receive nothing in {{currency}}.',
  ),
  FX_QUOTE_EXPIRED: def(
    6405,
    400,
    'This quote has expired or does not exist; please confirm the fresh quote.',
  ),
  FX_QUOTE_USED: def(6406, 409, 'This quote was already confirmed; please get a fresh quote.'),
  FX_NOT_FOUND: def(6407, 404, 'This exchange does not exist.'),
  FX_REQUEST_ID_REUSED: def(
    6408,
    409,
    'This request id was already used for a different exchange.',
  ),

  // ---- fiat deposits (6100-6199) ----
  FIAT_REAL_MODE_ONLY: def(
    6101,
    400,
    'Fiat deposits, withdrawals and exchanges are available in Real mode only.',
  ),
  FIAT_AGREEMENTS_REQUIRED: def(
    6102,
    400,
    'Please read and accept the trust agreement and the fund transfer agreement first.',
  ),
  FIAT_AGREEMENT_VERSION_OUTDATED: def(
    6103,
    400,
    'The agreements have been updated; please read and accept the current version.',
  ),
  FIAT_CURRENCY_NOT_SUPPORTED: def(
    6104,
    400,
    '{{currency}} cannot be deposited through this channel.',
  ),
  CARD_AMOUNT_BELOW_FEE: def(
    6105,
    400,
    'The amount must be greater than the fee of {{fee}} {{currency}}.',
  ),
  CARD_AMOUNT_ABOVE_MAX: def(
    6106,
    400,
    'A single card recharge is at most {{max}} {{currency}} (the equivalent of 1,000,000 USD).',
  ),
  CARD_NUMBER_INVALID: def(6107, 400, 'The card number is not valid.'),
  CARD_EXPIRED: def(6108, 400, 'The card has expired.'),
  CARD_CVC_INVALID: def(6109, 400, 'The security code (CVC) is incorrect.'),
  CARD_PROCESSOR_UNAVAILABLE: def(
    6110,
    503,
    'The card processor cannot be reached; please try again later.',
  ),
  FIAT_DEPOSIT_NOT_FOUND: def(6111, 404, 'This deposit does not exist.'),
  FIAT_CALLBACK_SIGNATURE_INVALID: def(6112, 401, 'The callback signature is invalid.'),
  FIAT_CALLBACK_EXPIRED: def(6113, 401, 'The callback timestamp is outside the accepted window.'),
  CARD_REQUEST_ID_REUSED: def(
    6114,
    409,
    'This request id was already used for a different deposit.',
  ),
  FIAT_RATE_UNAVAILABLE: def(
    6115,
    503,
    'The exchange rate of {{currency}} is not available yet; please try again shortly.',
  ),

  // ---- kyc ----
  KYC_LEVEL_INSUFFICIENT: def(7001, 403, 'Insufficient KYC level permissions.'),
  KYC_OPTED_OUT: def(7002, 403, 'Customers without identity verification cannot use this feature.'),
  KYC_UNCOMPLETED: def(7003, 403, 'Uncompleted KYC cannot be used.'),
  KYC_RESUBMIT: def(7004, 400, 'Identity verification failed, please resubmit.'),
  KYC_VERIFICATION_FAILED: def(7005, 400, 'Verification failed.'),
  KYC_REVIEW_REJECTED: def(7006, 400, 'Review rejected: {{reason}}'),
  KYC_FIELD_REQUIRED: def(7007, 400, '{{field}} cannot be empty.'),
  KYC_ENGLISH_ONLY: def(
    7008,
    400,
    '{{field}} only accepts English letters, digits and punctuation (no full-width characters).',
  ),
  KYC_FIELD_TOO_LONG: def(7009, 400, '{{field}} must be less than {{max}} characters.'),
  KYC_FIELD_LENGTH_RANGE: def(7010, 400, '{{field}} must be {{min}}-{{max}} characters.'),
  KYC_NO_SPACES: def(7011, 400, '{{field}} cannot contain spaces.'),
  KYC_PAIR_REQUIRED: def(7012, 400, '{{field}} and {{other}} cannot both be empty.'),
  KYC_ONLY_ACCEPT: def(7013, 400, '{{field}} only accepts {{accepted}}.'),
  KYC_AGE_RANGE: def(
    7014,
    400,
    'Identity verification is for people aged {{minAge}} to {{maxAge}}; check the date of birth.',
  ),
  KYC_DATE_INVALID: def(7015, 400, '{{field}} must be a date between {{min}} and {{max}}.'),
  KYC_DOCUMENT_EXPIRED: def(7016, 400, '{{field}} has passed; the document must still be valid.'),
  KYC_COUNTRY_NOT_SERVED: def(
    7017,
    400,
    'Identity verification is not available to residents of Mainland China or the United States.',
  ),
  KYC_WRONG_ACCOUNT_TYPE: def(
    7018,
    403,
    'This verification is not for your account type: individual accounts use the individual verification and institution accounts the institution verification.',
  ),
  KYC_NOT_CHOSEN: def(7019, 409, 'Choose identity verification as your account type first.'),
  KYC_OPTED_OUT_ACCOUNT: def(
    7020,
    409,
    'This account opted out of identity verification; a new registration is needed to verify.',
  ),
  KYC_UNDER_REVIEW: def(7021, 409, 'Your verification is under review.'),
  KYC_ALREADY_VERIFIED: def(7022, 409, 'Your identity is already verified.'),
  KYC_STEP_FIRST: def(7023, 409, 'Complete the previous step first.'),
  KYC_FILES_INVALID: def(7024, 400, '{{field}}: the uploaded file was not found; upload it again.'),
  KYC_FILE_COUNT: def(7025, 400, '{{field}} needs {{min}} to {{max}} files.'),
  KYC_SHAREHOLDER_ID_REQUIRED: def(
    7026,
    400,
    'Shareholders above {{threshold}}% ownership need an ID document.',
  ),
  KYC_OWNERSHIP_INVALID: def(
    7027,
    400,
    '{{field}} must be a percentage from 0 to 100 with at most 2 decimals.',
  ),
  KYC_OWNERSHIP_TOTAL: def(7028, 400, 'Shareholder ownership cannot exceed 100% in total.'),
  KYC_DATE_ORDER: def(7029, 400, '{{field}} must not be later than {{other}}.'),
  KYC_CALLBACK_SIGNATURE_INVALID: def(7030, 401, 'The callback signature is invalid.'),
  KYC_CALLBACK_EXPIRED: def(7031, 401, 'The callback timestamp is outside the accepted window.'),
  KYC_APPLICATION_NOT_FOUND: def(7032, 404, 'Verification application not found.'),
  KYC_PROVIDER_UNAVAILABLE: def(
    7033,
    503,
    'The verification service is unavailable, try again later.',
  ),
  KYC_OPTED_OUT_LIMIT: def(
    7034,
    403,
    'Without identity verification, spot trading is limited to {{limitUsd}} USD per 24 hours; {{remainingUsd}} USD remain.',
  ),
  KYC_DIGITS_ONLY: def(7035, 400, '{{field}} only accepts {{min}}-{{max}} digits.'),
  KYC_OPTED_OUT_FEATURE_LIMIT: def(
    7036,
    403,
    'Without identity verification, this is limited to {{limitUsd}} USD per 24 hours; {{remainingUsd}} USD remain.',
  ),
  // 7060-7089: uploaded files (the spec's own file messages are 1013-1015)
  FILE_REQUIRED: def(7060, 400, 'Choose at least {{minFiles}} file to upload.'),
  FILE_NOT_FOUND: def(7061, 404, 'File not found.'),
  FILES_NOT_ACCEPTED: def(
    7062,
    400,
    'Some files are missing or were uploaded for another purpose; please upload them again.',
  ),
  FILE_QUOTA_EXCEEDED: def(
    7063,
    400,
    'Upload limit reached: an account keeps at most {{maxFiles}} files and {{maxMegabytes}} MB.',
  ),
  FILE_UNREADABLE: def(7064, 400, 'The file is damaged or could not be read.'),
  FILE_ACTIVE_CONTENT: def(
    7065,
    400,
    'PDF files containing scripts, actions or attachments are not accepted.',
  ),
  FILE_LINK_INVALID: def(7066, 403, 'The file link is invalid or has expired.'),

  // ---- security ----
  GOOGLE_AUTH_REQUIRED: def(8001, 400, 'Please bind Google Authenticator first.'),
  GOOGLE_AND_EMAIL_REQUIRED: def(8002, 400, 'You need to bind Google validator and e-mail.'),
  ACCOUNT_CANCELLATION_FAILED: def(8003, 400, 'Account cancellation failed, please retry.'),
  SECURITY_LOCKED: def(
    8004,
    403,
    'Withdrawals, internal transfers and flash remittance are disabled for 24 hours after a security change.',
  ),
  GOOGLE_CODE_INVALID: def(8005, 400, 'The Google verification code is incorrect.'),
  SECURITY_LOCKED_UNTIL: def(
    8006,
    403,
    'Withdrawals, internal transfers and flash remittance are disabled for 24 hours after a security change: {{remainingHours}} h {{remainingMinutes}} min left, until {{lockedUntilUtc}}.',
  ),
  GOOGLE_CODE_FORMAT: def(8007, 400, 'The Google verification code must be 6 digits.'),
  GOOGLE_CODE_USED: def(
    8008,
    400,
    'This Google verification code has already been used; wait for the next one.',
  ),
  AUTHENTICATOR_ALREADY_LINKED: def(8009, 409, 'Google Authenticator is already linked.'),
  GOOGLE_CODE_LOCKED: def(
    8011,
    429,
    'Too many wrong Google verification codes; try again in {{remainingMinutes}} minutes.',
  ),
  AUTHENTICATOR_SETUP_EXPIRED: def(
    8010,
    400,
    'The Authenticator setup has expired; start linking again.',
  ),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof ErrorCode;
export type ErrorCodeNumber = (typeof ErrorCode)[ErrorName]['code'];

const byCode = new Map<number, ErrorDefinition & { name: ErrorName }>(
  (Object.keys(ErrorCode) as ErrorName[]).map((name) => [
    ErrorCode[name].code,
    { ...ErrorCode[name], name },
  ]),
);

export function errorByCode(code: number): (ErrorDefinition & { name: ErrorName }) | undefined {
  return byCode.get(code);
}

/** Codes on which the client logs out at once, without a toast. */
export const FORCE_LOGOUT_CODES: readonly number[] = [
  ErrorCode.UNAUTHORIZED.code,
  ErrorCode.LOGGED_IN_ELSEWHERE.code,
];

export function i18nKey(code: number | string): string {
  return `error_${code}`;
}

/** Fills `{{name}}` variables; unknown ones stay as written so a missing variable is visible. */
export function formatMessage(template: string, params?: Record<string, unknown> | null): string {
  if (!params) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

/** English texts keyed `error_{code}`, the base of every locale's error translations. */
export const errorTranslationsEn: Record<string, string> = Object.fromEntries(
  [...byCode.values()].map((e) => [i18nKey(e.code), e.message]),
);
