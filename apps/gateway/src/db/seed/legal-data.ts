import type { LegalDocumentSlug } from '@exchange/contracts';

/**
 * The first version of each legal and about page, in English, as a default installation shows
 * them. They are written for this software, not for any one operator: an operator publishes
 * its own texts, per language, with `npm run ops -- legal publish` (docs/operations.md). The
 * seed adds a document only while it has no text at all, so it never overwrites the operator's.
 */
export const seedLegalDocuments: readonly {
  slug: LegalDocumentSlug;
  title: string;
  body: string;
}[] = [
  {
    slug: 'service-terms',
    title: 'Terms of Service',
    body: `These terms govern your use of this exchange: its website, its applications and its programming interface. By creating an account you agree to them. The operator of the exchange ("we") may publish new versions; you will be asked to agree to each one before you continue.

## Your account
- You must be of legal age where you live and allowed by its laws to use a service like this one.
- One person or one institution has one account. You keep your password and your second factor to yourself, and you tell us at once if you think someone else used them.
- Trading in Real mode, deposits and withdrawals need a verified identity. Demo and Trial modes use play money that cannot be withdrawn.

## Orders and balances
- An order is binding once the exchange confirms it. Fills follow the published trading rules and fee schedule.
- Balances are kept in the exchange's ledger. A balance shown as frozen is held for an open order, a withdrawal or a review.
- We may refuse, hold or reverse an operation that breaks these terms, the law or a court order, and will tell you why unless the law forbids it.

## Risk
Prices of crypto assets and tokenised assets can fall to zero. Past prices say nothing about future ones. Only trade what you can afford to lose.

## Ending the account
You may ask to cancel your account from the security settings once its balances are empty and nothing is pending. We may close an account that breaks these terms, after returning what it holds where the law allows.

## Contact
Write to the support address in the footer of every page.`,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    body: `This policy says what personal data the exchange keeps, why, and what you can ask of us.

## What we keep
- Your e-mail address, password hash, language and security settings.
- Identity verification: the form you fill in and the documents you upload, and the reviewer's decision.
- Your orders, trades, deposits, withdrawals and transfers, and the bank accounts and addresses you add.
- For security: the addresses and browsers your sessions come from, and your sign-in history.

## Why
To run your account and your orders, to meet the law on identity checks and money laundering, to keep accounts safe, and to answer you.

## Who sees it
The exchange's staff who need it for their work, and the providers the exchange works with for identity checks, banking, card payments and e-mail, each only for its part. We sell no data.

## How long
As long as the account is open, then as long as the law asks us to keep records (usually five years).

## Your rights
You may ask to see, correct or delete your data, within what the law allows us to delete. Write to the support address in the footer.`,
  },
  {
    slug: 'trading-rules',
    title: 'Trading Rules',
    body: `## Markets
Each market has a price step (tick size), an amount step, a minimum amount and a minimum order value, shown on the order form. Orders outside them are refused with the reason.

## Matching
Orders match by price, then by time: the best price first, and at one price the earliest order first. A trade's price is the price of the order that was resting in the book.

## Order types
- Limit: at your price or better; what does not fill rests in the book until it fills or you cancel it.
- Market: at the best prices in the book at once; what cannot fill is cancelled.
- Iceberg, stop-limit and trailing orders work as the order form describes them.

## Self-trade prevention
Your own orders never trade with each other: the newer one is cancelled instead.

## Fees
The fee schedule (Fees, in the footer) lists the maker and taker rates of every market. A fee is taken from what you receive.

## Maintenance
A market may be paused for maintenance. Open orders stay in the book unless the notice says otherwise.`,
  },
  {
    slug: 'about-us',
    title: 'About Us',
    body: `This exchange trades crypto assets, tokenised real-world assets and fiat money in one account, with spot trading, wallets, bank and card channels, identity verification and reports.

It runs on self-hosted software: the operator named in the terms of service runs it and answers for it.

Every balance is kept in a double-entry ledger that is checked to the last unit. Orders are matched by price and time in a matching engine, and every change of a balance can be traced to the order, deposit or withdrawal that made it.`,
  },
  {
    slug: 'law-enforcement',
    title: 'Law Enforcement Requests',
    body: `The exchange answers requests for information from law enforcement and courts that come through the proper legal process.

## How to send a request
Send it from an official address to the support address in the footer, with:
- the requesting authority and the officer's name and contact;
- the legal basis of the request;
- the account's e-mail address, UID, or the transaction or address concerned;
- what is asked for, and by when.

## What we do
We check the request, answer what the law obliges us to answer, and may freeze the assets concerned when a court order asks it. Unless the law forbids it, the account holder is told.`,
  },
];
