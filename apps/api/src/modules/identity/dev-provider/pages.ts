/**
 * The development identity provider's pages: self-contained HTML with inline CSS and no script
 * (except the logout page's one-line auto-submit, allowed by its hash). The sign-in page is what
 * docs/architecture.md §3 promises: title and heading 'Development sign-in', the demo accounts as one-click
 * buttons, a text input labelled `Email` and a `Sign in` button.
 */
import { roleLabel } from '@shop/schema';

export interface DemoAccountChoice {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f1f5f4}
  main{width:100%;max-width:440px;margin:24px;padding:32px;background:#fff;border-radius:12px;
    box-shadow:0 1px 3px rgba(0,0,0,.08),0 8px 24px rgba(0,0,0,.06)}
  h1{margin:0 0 4px;font-size:1.5rem}
  h2{margin:24px 0 8px;font-size:1rem;color:#52606d;font-weight:600}
  p{margin:0 0 12px}
  .note{color:#52606d;font-size:.9rem}
  .badge{display:inline-block;margin-bottom:12px;padding:2px 8px;border-radius:999px;background:#fff3c4;color:#8d2b0b;
    font-size:.75rem;font-weight:600;letter-spacing:.02em;text-transform:uppercase}
  ul{list-style:none;margin:0;padding:0;display:grid;gap:8px}
  form{margin:0}
  .account{width:100%;display:flex;justify-content:space-between;align-items:center;gap:12px;padding:10px 14px;
    border:1px solid #cbd2d9;border-radius:8px;background:#fff;font:inherit;text-align:left;cursor:pointer}
  .account:hover,.account:focus-visible{border-color:#2f855a;background:#f0fff4}
  .who{display:flex;flex-direction:column}
  .who small{color:#52606d}
  .role{font-size:.8rem;color:#2f855a;font-weight:600;white-space:nowrap}
  label{display:block;margin-bottom:4px;font-weight:600}
  input[type=email]{width:100%;padding:10px 12px;border:1px solid #9aa5b1;border-radius:8px;font:inherit}
  input[type=email]:focus{outline:2px solid #2f855a;outline-offset:1px}
  .primary{margin-top:12px;width:100%;padding:10px 14px;border:0;border-radius:8px;background:#2f855a;color:#fff;
    font:inherit;font-weight:600;cursor:pointer}
  .primary:hover{background:#276749}
  .error{margin:8px 0 0;color:#c53030;font-size:.9rem}
  .warning{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#c53030;color:#fff;font-weight:600}
  .cancel{margin-top:20px;text-align:center}
  .link{border:0;background:none;color:#52606d;font:inherit;font-size:.9rem;text-decoration:underline;cursor:pointer}
  a{color:#2f855a}
`;

function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface SignInPageOptions {
  /** Where the forms post (the interaction's own URL). */
  action: string;
  abortAction: string;
  accounts: readonly DemoAccountChoice[];
  /** Shown again after a bad submission. */
  email?: string;
  error?: string;
  /** The shop runs in production with this page on (AUTH_DEV_PROVIDER=true): say so, loudly. */
  inProduction?: boolean;
}

/** The warning a production shop with the development sign-in shows on this page. */
export const PRODUCTION_WARNING =
  'This shop runs in production with the development sign-in: anyone can sign in as anyone, admins included.';

export function signInPage({
  action,
  abortAction,
  accounts,
  email,
  error,
  inProduction,
}: SignInPageOptions): string {
  const accountButtons = accounts
    .map(
      (account) => `<li>
  <form method="post" action="${escapeHtml(action)}">
    <input type="hidden" name="email" value="${escapeHtml(account.email)}">
    <button type="submit" class="account">
      <span class="who"><span>${escapeHtml(`${account.firstName} ${account.lastName}`)}</span><small>${escapeHtml(account.email)}</small></span>
      <span class="role">${escapeHtml(roleLabel(account.role))}</span>
    </button>
  </form>
</li>`,
    )
    .join('\n');

  return page(
    'Development sign-in',
    `${inProduction ? `<p class="warning" role="alert">${escapeHtml(PRODUCTION_WARNING)}</p>\n` : ''}<span class="badge">Development only</span>
<h1>Development sign-in</h1>
<p class="note">No password here: choose a demo account or type any email. A new email becomes a customer.</p>
<h2 id="demo-accounts">Demo accounts</h2>
<ul aria-labelledby="demo-accounts">
${accountButtons}
</ul>
<h2>Any email</h2>
<form method="post" action="${escapeHtml(action)}" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254"
    value="${escapeHtml(email ?? '')}"${error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
  ${error ? `<p class="error" id="email-error" role="alert">${escapeHtml(error)}</p>` : ''}
  <button type="submit" class="primary">Sign in</button>
</form>
<form method="post" action="${escapeHtml(abortAction)}" class="cancel">
  <button type="submit" class="link">Cancel and go back to the shop</button>
</form>`,
  );
}

/** The interaction is gone (expired, finished, or its cookie is missing). */
export function expiredPage(restartUrl: string): string {
  return page(
    'Sign-in expired',
    `<h1>This sign-in has expired</h1>
<p>The sign-in took too long or was already finished.</p>
<p><a href="${escapeHtml(restartUrl)}">Start signing in again</a></p>`,
  );
}

export function errorPage(details: Record<string, unknown>, restartUrl: string): string {
  const lines = Object.entries(details)
    .filter(([, value]) => typeof value === 'string')
    .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`)
    .join('\n');
  return page(
    'Sign-in error',
    `<h1>Something went wrong while signing in</h1>
${lines}
<p><a href="${escapeHtml(restartUrl)}">Start signing in again</a></p>`,
  );
}

/** RP-initiated logout: the provider's confirmation form, submitted at once (no extra click). */
export const LOGOUT_AUTO_SUBMIT_SCRIPT = `document.forms[0].submit();`;

export function logoutPage(form: string): string {
  // oidc-provider's form carries the xsrf token; `logout=yes` ends the whole provider session.
  const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    'Signing out',
    `<h1>Signing out…</h1>
${withLogout}
<noscript><button type="submit" form="op.logoutForm" class="primary">Sign out</button></noscript>
<script>${LOGOUT_AUTO_SUBMIT_SCRIPT}</script>`,
  );
}

export function loggedOutPage(homeUrl: string): string {
  return page(
    'Signed out',
    `<h1>You are signed out</h1>
<p><a href="${escapeHtml(homeUrl)}">Back to the shop</a></p>`,
  );
}
