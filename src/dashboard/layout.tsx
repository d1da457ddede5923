import type { Child } from "hono/jsx";
import { CSRF_FIELD } from "./csrf";

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1d2330;background:#f5f6f8}
header{background:#1d2330;color:#fff;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.75rem 1.25rem;align-items:center}
header a,header button{color:#fff;text-decoration:none;font:inherit;background:none;border:0;padding:0;cursor:pointer}
header strong{margin-right:auto}header form,header button{margin:0}
main{max-width:52rem;margin:0 auto;padding:1rem}
section{background:#fff;border:1px solid #dde1e8;border-radius:8px;padding:1rem;margin:0 0 1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:0 0 .75rem}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input,select{font:inherit;padding:.5rem;border:1px solid #b8bfcc;border-radius:6px;width:100%;max-width:24rem}
button,.button{font:inherit;padding:.5rem .9rem;border-radius:6px;border:1px solid #2456d8;background:#2456d8;color:#fff;cursor:pointer;margin-top:.5rem}
button.secondary{background:#fff;color:#2456d8}button.danger{background:#b3261e;border-color:#b3261e}
.error{background:#fde8e7;border:1px solid #f2b8b5;color:#8c1d18;padding:.75rem;border-radius:6px}
.notice{background:#e7f5ea;border:1px solid #a8d5b2;padding:.75rem;border-radius:6px}
.warning{color:#8a5300;font-weight:600}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:.75rem}
.stat{border:1px solid #dde1e8;border-radius:6px;padding:.75rem}.stat b{display:block;font-size:1.4rem}
code.secret{display:block;word-break:break-all;background:#f0f2f5;padding:.5rem;border-radius:6px;font-size:.95rem}
.key{border-top:1px solid #dde1e8;padding:.75rem 0}.key:first-of-type{border-top:0}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end}.actions form{margin:0}
svg{max-width:100%;height:auto}
`;

/** Copies the secret; the only script on the dashboard, and the page works without it. Runs under the CSP by its nonce. */
const COPY_SCRIPT = `document.querySelectorAll("[data-copy]").forEach(function(button){
button.addEventListener("click",function(){var text=document.getElementById(button.dataset.copy).textContent;
navigator.clipboard.writeText(text).then(function(){button.textContent="Copied";});});});`;

export interface LayoutProps {
  title: string;
  csrfToken: string;
  /** The response's CSP nonce (`c.var.secureHeadersNonce`): the inline style and script carry it or do not run. */
  nonce: string | undefined;
  /** Shown in the header with the sign-out button when someone is signed in. */
  email?: string;
  children?: Child;
}

export function Layout({ title, csrfToken, nonce, email, children }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Web Data API`}</title>
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <header>
          <strong>Web Data API</strong>
          {email ? (
            <>
              <a href="/dashboard">Overview</a>
              <a href="/dashboard/keys">API Settings</a>
              <a href="/dashboard/events">Events</a>
              <a href="/docs">Docs</a>
              <form method="post" action="/dashboard/logout">
                <CsrfField token={csrfToken} />
                <button type="submit" title={`Signed in as ${email}`}>
                  Log out
                </button>
              </form>
            </>
          ) : (
            <>
              <a href="/dashboard/login">Log in</a>
              <a href="/dashboard/signup">Sign up</a>
              <a href="/docs">Docs</a>
            </>
          )}
        </header>
        <main>
          <h1>{title}</h1>
          {children}
        </main>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: COPY_SCRIPT }} />
      </body>
    </html>
  );
}

export const CsrfField = ({ token }: { token: string }) => <input type="hidden" name={CSRF_FIELD} value={token} />;

export const ErrorMessage = ({ message }: { message?: string | null }) =>
  message ? (
    <p class="error" role="alert">
      {message}
    </p>
  ) : null;
