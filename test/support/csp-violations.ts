// Test helper: what a page's Content-Security-Policy refused in a Playwright context, from both of Chromium's reports:
// the page's `securitypolicyviolation` events and the console messages it writes for each refusal.
import type { BrowserContext } from 'playwright-core';

/** Starts recording in `context` (before its pages open); the returned list fills as refusals happen. */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
    document.addEventListener(
      'securitypolicyviolation',
      (event) => report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'}: ${event.sample}`),
      true,
    );
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}
