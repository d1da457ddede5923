import type { Child } from "hono/jsx";
import { CSRF_FIELD } from "./csrf";
import { RichText } from "./rich-text";
import { STYLE } from "./styles";

/** Copies the secret; the only script on the dashboard, and the page works without it. Runs under the CSP by its nonce. */
const COPY_SCRIPT = `document.querySelectorAll("[data-copy]").forEach(function(button){
button.addEventListener("click",function(){var text=document.getElementById(button.dataset.copy).textContent;
navigator.clipboard.writeText(text).then(function(){button.textContent="Copied";});});});`;

export interface LayoutProps {
  title: string;
  csrfToken: string;
  /** The response's CSP nonce (`c.get("secureHeadersNonce")`): the inline style and script carry it or do not run. */
  nonce: string | undefined;
  /** Shown in the header with the sign-out button when someone is signed in. */
  email?: string;
  /** The header link of the page shown, marked as the current page. */
  current?: string;
  /** The page's own progressive enhancement, run under the same nonce after the copy script. */
  script?: string;
  children?: Child;
}

const PAGES = [
  ["/dashboard", "Overview"],
  ["/dashboard/playground", "Playground"],
  ["/dashboard/usage", "Usage"],
  ["/dashboard/requests", "Requests"],
  ["/dashboard/events", "Events"],
  ["/dashboard/jobs", "Jobs"],
  ["/dashboard/catalogue", "Catalogue"],
  ["/dashboard/datasets", "Datasets"],
  ["/dashboard/history", "Price history"],
  ["/dashboard/keys", "API Settings"],
] as const;

export function Layout({ title, csrfToken, nonce, email, current, script, children }: LayoutProps) {
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
              <nav aria-label="Dashboard" class="nav">
                {PAGES.map(([href, label]) => (
                  <a href={href} aria-current={href === current ? "page" : undefined}>
                    {label}
                  </a>
                ))}
                <a href="/docs">Docs</a>
              </nav>
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
        {script ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} /> : null}
      </body>
    </html>
  );
}

export const CsrfField = ({ token }: { token: string }) => <input type="hidden" name={CSRF_FIELD} value={token} />;

export const ErrorMessage = ({ message }: { message?: string | null }) =>
  message ? (
    <p class="error" role="alert">
      <RichText text={message} />
    </p>
  ) : null;
