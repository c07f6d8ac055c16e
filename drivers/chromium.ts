// Headless Chromium for the browser tests and the docs bench: Debian's /usr/bin/chromium (never a downloaded browser), with the flags
// this machine's closed network needs (see the README).
import { type Browser, chromium } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** `args` adds flags, e.g. `--host-resolver-rules=MAP evil.example 127.0.0.1` to serve a page under another name. */
export function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, ...args] });
}
