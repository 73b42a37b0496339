import type { SimAccount } from './bank-sim.js';

/**
 * The bank's own e-KYC page (the user's browser opens the link the exchange handed out): the
 * applicant's details as the bank holds them and Pass / Fail buttons standing in for the bank's
 * video and document check. English only, as the bank's page is not the exchange's.
 */
const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
body{margin:0;font-family:Georgia,'Times New Roman',serif;background:#eef2f5;color:#1b2b3a}
header{background:#0b3d5c;color:#fff;padding:18px 32px;display:flex;align-items:center;gap:14px}
header .logo{width:34px;height:34px;border-radius:50%;background:#d9a441;display:inline-block}
header h1{font-size:20px;margin:0;font-weight:normal;letter-spacing:.5px}
main{max-width:560px;margin:40px auto;background:#fff;border:1px solid #cfd8e0;border-radius:6px;padding:28px 32px}
h2{margin-top:0;font-size:22px;color:#0b3d5c}
dl{display:grid;grid-template-columns:160px 1fr;gap:8px 12px;font-family:Arial,sans-serif;font-size:14px}
dt{color:#5b6b7a}dd{margin:0}
.actions{display:flex;gap:12px;margin-top:24px}
button{font-size:15px;padding:10px 22px;border-radius:4px;border:0;cursor:pointer;font-family:Arial,sans-serif}
.pass{background:#0b7a3e;color:#fff}.fail{background:#b3261e;color:#fff}
.note{font-family:Arial,sans-serif;font-size:13px;color:#5b6b7a}
.result{font-family:Arial,sans-serif;font-size:16px}
a{color:#0b3d5c}
footer{text-align:center;font-family:Arial,sans-serif;font-size:12px;color:#7a8894;margin-bottom:30px}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>${STYLE}</style></head><body>
<header><span class="logo"></span><h1>Harbour Partner Bank &middot; Identity check</h1></header>
<main>${body}</main>
<footer>Harbour Partner Bank (Hong Kong) Limited &middot; sandbox environment</footer>
</body></html>`;
}

function back(account: SimAccount): string {
  return account.ekyc.returnUrl
    ? `<p><a id="return" href="${escape(account.ekyc.returnUrl)}">Return to the exchange</a></p>`
    : '<p class="note">You may close this window and return to the exchange.</p>';
}

export function ekycPage(
  token: string,
  session: { account: SimAccount; status: 'OPEN' | 'EXPIRED' | 'PASSED' | 'FAILED' } | null,
): string {
  if (!session)
    return layout(
      'Link not valid',
      '<h2>This link is not valid</h2><p class="result">It was replaced by a newer link or never existed. Ask the exchange for a new link.</p>',
    );
  const { account, status } = session;
  if (status === 'EXPIRED')
    return layout(
      'Link expired',
      `<h2>This link has expired</h2><p class="result">e-KYC links are valid for one hour. Return to the exchange and regenerate the link.</p>${back(account)}`,
    );
  if (status === 'PASSED')
    return layout(
      'Verified',
      `<h2 id="outcome">Identity check passed</h2><p class="result">Your account ${escape(account.accountNumber ?? '')} is verified with the bank.</p>${back(account)}`,
    );
  if (status === 'FAILED')
    return layout(
      'Not verified',
      `<h2 id="outcome">Identity check failed</h2><p class="result">${escape(account.ekyc.reason ?? '')}</p><p class="note">Return to the exchange to regenerate the link and try again.</p>${back(account)}`,
    );
  const expires = new Date(account.ekyc.expiresAt ?? 0)
    .toISOString()
    .replace('T', ' ')
    .slice(0, 16);
  return layout(
    'Identity check',
    `<h2>Confirm your identity</h2>
<p class="note">Account application ${escape(account.bankReference)} &middot; link valid until ${expires} UTC</p>
<dl>
<dt>Account holder</dt><dd>${escape(account.name)}</dd>
<dt>Account number</dt><dd>${escape(account.accountNumber ?? '')}</dd>
<dt>Currencies</dt><dd>${escape(account.currencies.join(', '))}</dd>
<dt>Customer type</dt><dd>${escape(account.kind.toLowerCase())}</dd>
</dl>
<p class="note">In the bank's sandbox the video and document check is replaced by the two buttons below.</p>
<div class="actions">
<form method="post" action="/ekyc/${escape(token)}/pass"><button class="pass" id="ekyc-pass" type="submit">Pass identity check</button></form>
<form method="post" action="/ekyc/${escape(token)}/fail"><button class="fail" id="ekyc-fail" type="submit">Fail identity check</button></form>
</div>`,
  );
}
