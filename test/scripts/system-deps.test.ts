import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHROMIUM, CJK_FONTS, decide, ensureSystemPackages, JDK, missingPackages, NEEDS, onPath } from '../../scripts/local/system-deps';

describe('what to do about missing system packages (decide)', () => {
  const none = { root: false, passwordlessSudo: false, apt: true };

  it('nothing when nothing is missing, whoever runs it', () => {
    for (const root of [true, false]) expect(decide([], { ...none, root })).toEqual({ action: 'none' });
  });

  it('installs with apt-get as root, with sudo when it needs no password, and says what', () => {
    expect(decide([CHROMIUM, CJK_FONTS], { ...none, root: true })).toEqual({
      action: 'install',
      packages: ['chromium', 'fonts-noto-cjk'],
      sudo: false,
      announce: 'Installing missing system packages with apt-get: chromium (browser tests), fonts-noto-cjk (Chinese text in the browser tests)',
    });
    expect(decide([JDK], { ...none, passwordlessSudo: true })).toMatchObject({ action: 'install', packages: ['openjdk-17-jdk-headless'], sudo: true });
  });

  it('otherwise prints the one line that fixes it', () => {
    expect(decide([JDK, CHROMIUM], none)).toEqual({
      action: 'tell',
      line: 'Missing: openjdk-17-jdk-headless (DynamoDB Local), chromium (browser tests) — run: sudo apt-get install -y openjdk-17-jdk-headless chromium',
    });
    // Root, but no apt-get (not Debian): it cannot install, and says so.
    expect(decide([CJK_FONTS], { root: true, passwordlessSudo: false, apt: false })).toEqual({
      action: 'tell',
      line: "Missing: fonts-noto-cjk (Chinese text in the browser tests) — install them with your system's package manager (on Debian: sudo apt-get install -y fonts-noto-cjk).",
    });
  });

  it('npm start needs the JDK; npm test the JDK, Chromium and the fonts', () => {
    expect(NEEDS.start).toEqual([JDK]);
    expect(NEEDS.test).toEqual([JDK, CHROMIUM, CJK_FONTS]);
  });
});

/** A machine without the packages: an empty PATH but for fake tools, and no browser where CHROMIUM_PATH says. */
describe('on a machine without them (PATH and paths overridden)', () => {
  let bin: string;
  const saved = { PATH: process.env.PATH, CHROMIUM_PATH: process.env.CHROMIUM_PATH };
  const tool = (name: string, script: string) => {
    writeFileSync(path.join(bin, name), `#!/bin/sh\n${script}\n`);
    chmodSync(path.join(bin, name), 0o755);
  };

  beforeEach(() => {
    bin = mkdtempSync(path.join(os.tmpdir(), 'fake-bin-'));
    process.env.PATH = bin;
    process.env.CHROMIUM_PATH = path.join(bin, 'chromium');
  });
  afterEach(() => {
    process.env.PATH = saved.PATH;
    if (saved.CHROMIUM_PATH === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved.CHROMIUM_PATH;
    rmSync(bin, { recursive: true, force: true });
  });

  it('finds all three missing, and each present once it is there', async () => {
    expect(await missingPackages(NEEDS.test)).toEqual([JDK, CHROMIUM, CJK_FONTS]);
    tool('javac', 'exit 0');
    tool('chromium', 'exit 0');
    tool('dpkg-query', 'echo "install ok installed"');
    expect(onPath('javac')).toBe(path.join(bin, 'javac'));
    expect(await missingPackages(NEEDS.test)).toEqual([]);
  });

  it('installs what is missing with apt-get when it may, and prints the one line when it may not', async () => {
    const log = path.join(bin, 'apt.log');
    // apt-get that "installs": records its arguments and puts the tools in place.
    const [chmod, cp] = [onPath('chmod', saved.PATH), onPath('cp', saved.PATH)];
    tool('apt-get', `echo "$@" >> ${log}\ncase "$*" in *install*) printf '#!/bin/sh\\nexit 0\\n' > ${bin}/javac; ${chmod} +x ${bin}/javac; ${cp} ${bin}/javac ${bin}/chromium; printf '#!/bin/sh\\necho "install ok installed"\\n' > ${bin}/dpkg-query; ${chmod} +x ${bin}/dpkg-query;; esac`);
    const said: string[] = [];
    const notRoot = async () => ({ root: false, passwordlessSudo: false, apt: true });
    expect(await ensureSystemPackages(NEEDS.test, (l) => said.push(l), { privileges: notRoot })).toBe(false);
    expect(said).toEqual(['✖ Missing: openjdk-17-jdk-headless (DynamoDB Local), chromium (browser tests), fonts-noto-cjk (Chinese text in the browser tests) — run: sudo apt-get install -y openjdk-17-jdk-headless chromium fonts-noto-cjk']);

    said.length = 0;
    const root = async () => ({ root: true, passwordlessSudo: false, apt: true });
    expect(await ensureSystemPackages(NEEDS.test, (l) => said.push(l), { privileges: root })).toBe(true);
    expect(said[0]).toMatch(/^Installing missing system packages with apt-get: openjdk-17-jdk-headless/);
    expect(said.at(-1)).toBe('Installed: openjdk-17-jdk-headless chromium fonts-noto-cjk');
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['update -qq', 'install -y -qq --no-install-recommends openjdk-17-jdk-headless chromium fonts-noto-cjk']);

    // Now present: nothing to do, nothing said.
    said.length = 0;
    expect(await ensureSystemPackages(NEEDS.test, (l) => said.push(l), { privileges: root })).toBe(true);
    expect(said).toEqual([]);
  });

  it('an apt-get that fails leaves the one line', async () => {
    tool('apt-get', 'exit 100');
    const said: string[] = [];
    expect(await ensureSystemPackages(NEEDS.start, (l) => said.push(l), { privileges: async () => ({ root: true, passwordlessSudo: false, apt: true }) })).toBe(false);
    expect(said.at(-1)).toBe('✖ Installing failed; missing: openjdk-17-jdk-headless — run: sudo apt-get install -y openjdk-17-jdk-headless');
  });
});
