// The origins a user names for redirects (docs/conformance.md, `--follow-redirects-to` and `followRedirectsTo`):
// "scheme, host and port, nothing more". Each door takes an http(s) origin, with or without its trailing slash, and
// refuses anything that says more (a user, a password, a query, a fragment, a path) or is no http(s) URL, naming the
// option as that door spells it; an origin named in another case or with its default port is the same origin.
import { describe, expect, it } from 'vitest';
import { ArgsError, parseCliArgs } from '../../conformance/cli/args.js';
import { redirectOrigins } from '../../conformance/engine/redirect-origins.js';
import { OptionsError, runConformance } from '../../conformance/run-conformance.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

const ORIGINS = ['https://auth.example.com', 'http://127.0.0.1:8080', 'https://auth.example.com/', 'http://[::1]:9/'];

const SAYS_MORE = [
  'https://user@auth.example.com',
  'https://:secret@auth.example.com',
  'https://auth.example.com/?next=1',
  'https://auth.example.com/#top',
  'https://auth.example.com/path',
];

describe('--follow-redirects-to (the CLI)', () => {
  it('takes http and https origins, with or without the trailing slash, one by one or comma-separated', () => {
    for (const origin of ORIGINS) {
      expect(parseCliArgs(['--follow-redirects-to', origin]).followRedirectsTo, origin).toEqual([origin]);
    }
    expect(parseCliArgs([`--follow-redirects-to=${ORIGINS.join(',')}`]).followRedirectsTo).toEqual(ORIGINS);
  });

  it('refuses a value that says more than an origin, naming the flag and the value', () => {
    for (const value of SAYS_MORE) {
      expect(() => parseCliArgs(['--follow-redirects-to', value]), value).toThrow(ArgsError);
      expect(() => parseCliArgs(['--follow-redirects-to', value]), value).toThrow(
        `--follow-redirects-to: ${JSON.stringify(value)} says more than an origin (an origin is scheme://host[:port], e.g. https://auth.example.com)`,
      );
    }
  });

  it('refuses a URL of another scheme, and a value that is no URL, saying what an origin is', () => {
    for (const value of ['ftp://auth.example.com', 'ws://auth.example.com', 'javascript:alert(1)']) {
      expect(() => parseCliArgs(['--follow-redirects-to', value]), value).toThrow(
        `--follow-redirects-to: ${JSON.stringify(value)} is not an http(s) origin (an origin is scheme://host[:port]`,
      );
    }
    expect(() => parseCliArgs(['--follow-redirects-to', 'auth.example.com:443'])).toThrow(
      '--follow-redirects-to: "auth.example.com:443" is not an http(s) origin',
    );
    expect(() => parseCliArgs(['--follow-redirects-to', 'auth example'])).toThrow(
      '--follow-redirects-to: "auth example" is not an origin (an origin is scheme://host[:port]',
    );
  });
});

describe('followRedirectsTo (runConformance)', () => {
  it('refuses what says more than an origin before any request, naming the option', async () => {
    for (const value of [...SAYS_MORE, 'ftp://auth.example.com']) {
      const run = runConformance({
        target: 'http://127.0.0.1:9/api',
        profile: DEMO_PROFILE,
        followRedirectsTo: [value],
      });
      await expect(run, value).rejects.toThrow(OptionsError);
      await expect(
        runConformance({ target: 'http://127.0.0.1:9/api', profile: DEMO_PROFILE, followRedirectsTo: [value] }),
      ).rejects.toThrow(`followRedirectsTo: ${JSON.stringify(value)}`);
    }
  });
});

describe('the origin a value names', () => {
  it('is the same origin in any case of scheme and host, with or without its default port and trailing slash', () => {
    expect(
      redirectOrigins(['HTTPS://Auth.Example.com:443/', 'http://AUTH.example.com:80', 'http://127.0.0.1:8080/'], 'x'),
    ).toEqual(['https://auth.example.com', 'http://auth.example.com', 'http://127.0.0.1:8080']);
  });
});
