/**
 * The `test` every browser spec imports (instead of @playwright/test's): the same, plus the security
 * scan of CI (OWASP ASVS L2). Every answer from the shop's origin to the test's browser context is
 * checked by `scanResponse` (packages/schema/src/response-scan.ts): security headers, cookie flags,
 * `Cache-Control: no-store` on signed-in api answers, and no secret (the session's own id,
 * SESSION_SECRET, an API token, a card number) in a JSON or HTML body. Any finding fails the test
 * that produced it, listing each answer and rule.
 *
 * The pages must also run within the shop's Content-Security-Policy without a script being refused:
 * a refused script or `eval` (zod's compiled-parser probe, say) is a finding too
 * (docs/accessibility.md, "Phones": Chromium reports each as an issue).
 *
 * Answers a spec fulfils itself (`page.route`) are not the shop's and are skipped.
 * Contexts a spec opens itself (`browser.newContext()`) are scanned when made with `scannedContext`.
 */
import {
  test as base,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Response,
} from '@playwright/test';
import { scanResponse } from '@shop/schema';

export * from '@playwright/test';

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?shop_sid=([^;]+)/;
const CSP_REPORT = 'CSP violation (e2e):';

/** Reports, through the console, every script the page's CSP refuses (scripts and eval; not pictures). */
function reportRefusedScripts(report: string) {
  document.addEventListener('securitypolicyviolation', (event) => {
    if (!event.effectiveDirective.startsWith('script-src')) return;
    console.error(
      `${report} ${event.effectiveDirective} refused ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
    );
  });
}

/** Starts scanning a context's answers; `finish()` waits for the checks and answers the findings. */
export function scanContext(context: BrowserContext, origin: string): { finish: () => Promise<string[]> } {
  const findings: string[] = [];
  const checks: Promise<void>[] = [];
  const check = async (response: Response) => {
    if (new URL(response.url()).origin !== origin) return;
    // An answer a spec made up itself (page.route → fulfill) never came from the shop.
    if ((await response.serverAddr().catch(() => null)) === null) return;
    const request = response.request();
    const requestHeaders = await request.allHeaders().catch(() => ({}) as Record<string, string>);
    const cookie = SESSION_COOKIE.exec(requestHeaders.cookie ?? '')?.[1];
    const signedIn = !!cookie || !!requestHeaders.authorization;
    const headers = await response.allHeaders();
    const type = headers['content-type'] ?? '';
    // Streams (server-sent events) never end; only JSON and HTML bodies are read.
    const body = /json|html/i.test(type) ? await response.text().catch(() => '') : '';
    const secrets = [process.env.E2E_SESSION_SECRET ?? ''];
    if (cookie) {
      const value = decodeURIComponent(cookie);
      secrets.push(value, value.split('.')[0]!);
    }
    findings.push(
      ...scanResponse(
        { method: request.method(), url: response.url(), status: response.status(), headers, body, signedIn },
        { secrets },
      ),
    );
  };
  const onResponse = (response: Response) => void checks.push(check(response).catch(() => undefined));
  const onConsole = (message: ConsoleMessage) => {
    if (message.text().startsWith(CSP_REPORT)) findings.push(`${message.text()} (${message.page()?.url()})`);
  };
  context.on('response', onResponse);
  context.on('console', onConsole);
  void context.addInitScript(reportRefusedScripts, CSP_REPORT);
  return {
    async finish() {
      context.off('response', onResponse);
      context.off('console', onConsole);
      await Promise.all(checks);
      return [...new Set(findings)];
    },
  };
}

function failOn(findings: string[]) {
  if (findings.length) {
    throw new Error(`Security scan: ${findings.length} finding(s)\n  ${findings.join('\n  ')}`);
  }
}

const scans: { finish: () => Promise<string[]> }[] = [];

/** A new browser context (like `browser.newContext`) whose answers the scan checks too. */
export async function scannedContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, serviceWorkers: 'block' });
  scans.push(scanContext(context, new URL(process.env.E2E_BASE_URL!).origin));
  return context;
}

export const test = base.extend<{ securityScan: void }>({
  securityScan: [
    async ({ context, baseURL }, use) => {
      const scan = scanContext(context, new URL(baseURL ?? process.env.E2E_BASE_URL!).origin);
      await use();
      const findings = await scan.finish();
      for (const other of scans.splice(0)) findings.push(...(await other.finish()));
      failOn(findings);
    },
    { auto: true },
  ],
});
