// The release rehearsal (README "Publishing the packages"; set up once in rehearsal.ts): each packed README speaks to a
// user who installed the package: no command, link or file of the clone, every entry point and command named, every
// import an exported path, every option one the installed command lists, and its `npx msw init` line works.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageOf } from '../../packaging/pack.js';
import { PACKAGES } from '../../packaging/packages.js';
import { installed, npx, packed, projectBeside, root } from './installed.js';

/** The kit's own folders: a packed README that points into one speaks to a clone, not to the user who installed it. */
const KIT_FOLDERS = ['client', 'mocks', 'conformance', 'contract', 'generated', 'scripts', 'test', 'console', 'dist'];

/** The user's own framework, as the conformance README's framework table shows it (the kit's dev dependencies). */
const USERS_FRAMEWORKS = ['hono', 'fastify', 'express', 'koa', '@nestjs/core'];

describe('the packed READMEs speak to a user who installed the package', () => {
  const readmeOf = (name: string) => readFileSync(join(installed(name), 'README.md'), 'utf8');

  it.each(PACKAGES.map((p) => p.name))('%s: no command, link or file of the clone', (name) => {
    const text = readmeOf(name);
    const shipped = packed[name]?.files ?? [];
    expect(text, 'a command run in a clone').not.toMatch(/\bnpm (start|run|ci)\b|\bnpx tsx\b/);
    expect(text, 'a link to a page beside it in the clone').not.toMatch(/\]\((?!https?:|#)[^)]*\)/);
    // Path-like words (`mocks/sandbox/worlds/seed.ts`, `./client/index.js`): none may name a file or folder of the
    // clone unless the package ships it too.
    for (const [, path] of text.matchAll(/(?:^|[\s`'"(])((?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.*-]+)+\/?)/gm)) {
      const plain = (path as string).replace(/^(\.{1,2}\/)+/, '').replace(/\/$/, '');
      if (plain.startsWith('node_modules/') || plain.startsWith('@')) continue;
      const inClone = existsSync(join(root, plain)) || KIT_FOLDERS.includes(plain.split('/')[0] as string);
      const inPackage = shipped.some((f) => f === plain || f.startsWith(`${plain}/`));
      expect(inClone && !inPackage, `${name} README names ${path}`).toBe(false);
    }
  });

  it.each(PACKAGES.map((p) => p.name))(
    '%s: names its install line, every entry point and command, and the docs the sandbox serves',
    (name) => {
      const text = readmeOf(name);
      const spec = PACKAGES.find((p) => p.name === name);
      expect(text).toMatch(new RegExp(`npm install (-D |--save-dev )?${name}\\b`));
      for (const subpath of Object.keys(spec?.exports ?? {})) expect(text).toContain(name + subpath.slice(1));
      for (const bin of Object.keys(spec?.bin ?? {})) expect(text).toContain(`npx ${bin}`);
      expect(text).toContain('http://127.0.0.1:4010/docs/');
    },
  );

  it.each(PACKAGES.map((p) => p.name))("%s: every import is a package's exported path", (name) => {
    const text = readmeOf(name);
    const kit = new Map(PACKAGES.map((p) => [p.name, p]));
    const theirs = new Set(
      PACKAGES.flatMap((p) => [...Object.keys(packed[p.name]?.dependencies ?? {}), ...(p.optionalPeers ?? [])]),
    );
    const specifiers = [...text.matchAll(/\bfrom '([^']+)'/g)].map((m) => m[1] as string);
    expect(specifiers.length, `${name}: imports shown`).toBeGreaterThan(0);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        // The user's own module (`../src/app`), never one of the kit's folders.
        expect(
          KIT_FOLDERS.some((f) => specifier.split('/').includes(f)),
          `${name}: ${specifier}`,
        ).toBe(false);
        continue;
      }
      if (specifier.startsWith('node:')) continue;
      const pkg = packageOf(specifier);
      const spec = kit.get(pkg);
      if (spec) {
        expect(Object.keys(spec.exports), `${name}: ${specifier}`).toContain(`.${specifier.slice(pkg.length)}`);
      } else if (!USERS_FRAMEWORKS.includes(pkg)) {
        expect(theirs.has(pkg), `${name}: ${specifier} is not a dependency or peer of the kit`).toBe(true);
      }
    }
  });

  it("every option a README gives a kit command is one the installed command's --help lists", async () => {
    const bins = PACKAGES.flatMap((p) => Object.keys(p.bin ?? {}));
    const helps = new Map(
      await Promise.all(bins.map(async (bin) => [bin, (await npx([bin, '--help'])).stdout] as const)),
    );
    let checked = 0;
    for (const { name } of PACKAGES) {
      for (const [, bin, rest] of readmeOf(name).matchAll(/npx ([\w-]+)((?: [^\n#`|]*)?)/g)) {
        const help = helps.get(bin as string);
        if (help === undefined) continue;
        for (const [flag] of (rest as string).matchAll(/--[\w-]+/g)) {
          expect(help, `${name} README: npx ${bin} ${flag}`).toContain(flag);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("the READMEs' `npx msw init` lines work with no terminal to answer a prompt", async () => {
    const lines = PACKAGES.flatMap((p) => [...readmeOf(p.name).matchAll(/^npx (msw init [^\n#]*?)\s*$/gm)]);
    expect(lines.length).toBeGreaterThan(0);
    // `--save` rewrites package.json, which the other files' commands in the installed project read meanwhile.
    const project = projectBeside('msw-init');
    for (const [, command] of lines) {
      const args = (command as string).split(/\s+/);
      rmSync(join(project, args[2] as string), { recursive: true, force: true });
      const result = await npx(args, {}, project);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout + result.stderr).not.toMatch(/ExitPromptError|force closed the prompt/);
      expect(existsSync(join(project, args[2] as string, 'mockServiceWorker.js'))).toBe(true);
    }
  });
});
