/**
 * The Debian packages the project needs beyond Node: a JDK (DynamoDB Local's launcher is compiled
 * with javac), Chromium and CJK fonts (the browser tests). `npm start` makes sure of the JDK,
 * `npm test` (its `pretest`) of all three: what is missing is installed with apt-get when this
 * process may (root, or passwordless sudo), saying what it installs; otherwise one line says what is
 * missing and the command that fixes it. `decide` is the pure part (test/scripts/system-deps.test.ts).
 */
import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export interface SystemPackage {
  /** The Debian package that provides it. */
  name: string;
  /** What the project needs it for (said when it is missing). */
  purpose: string;
}

export const JDK: SystemPackage = { name: 'openjdk-17-jdk-headless', purpose: 'DynamoDB Local' };
export const CHROMIUM: SystemPackage = { name: 'chromium', purpose: 'browser tests' };
export const CJK_FONTS: SystemPackage = { name: 'fonts-noto-cjk', purpose: 'Chinese text in the browser tests' };

/** What each command needs. */
export const NEEDS = { start: [JDK], test: [JDK, CHROMIUM, CJK_FONTS] } as const;

export interface Privileges {
  root: boolean;
  /** `sudo -n true` succeeds: sudo without a password prompt. */
  passwordlessSudo: boolean;
  /** apt-get is on the PATH (a Debian-like system). */
  apt: boolean;
}

export type Plan =
  | { action: 'none' }
  | { action: 'install'; packages: string[]; sudo: boolean; announce: string }
  | { action: 'tell'; line: string };

const aptCommand = (packages: string[]) => `sudo apt-get install -y ${packages.join(' ')}`;

/** What to do about `missing` packages with these privileges. */
export function decide(missing: readonly SystemPackage[], privileges: Privileges): Plan {
  if (missing.length === 0) return { action: 'none' };
  const names = missing.map((p) => p.name);
  const what = missing.map((p) => `${p.name} (${p.purpose})`).join(', ');
  if (!privileges.apt) return { action: 'tell', line: `Missing: ${what} — install them with your system's package manager (on Debian: ${aptCommand(names)}).` };
  if (privileges.root || privileges.passwordlessSudo) {
    return { action: 'install', packages: names, sudo: !privileges.root, announce: `Installing missing system packages with apt-get${privileges.root ? '' : ' (sudo)'}: ${what}` };
  }
  return { action: 'tell', line: `Missing: ${what} — run: ${aptCommand(names)}` };
}

/** An executable file named `name` in one of PATH's folders (what `command -v` finds). */
export function onPath(name: string, envPath = process.env.PATH ?? ''): string | null {
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const run = (file: string, args: string[]) =>
  new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(file, args, { timeout: 10_000 }, (err, stdout) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout: String(stdout) }));
  });

/** Whether a Debian package is installed (dpkg-query on the PATH; without dpkg it counts as missing). */
async function debInstalled(pkg: string): Promise<boolean> {
  const dpkg = onPath('dpkg-query');
  if (!dpkg) return false;
  const out = await run(dpkg, ['-W', '-f=${Status}', pkg]);
  return out.code === 0 && out.stdout.includes('install ok installed');
}

/**
 * Which of `wanted` are missing here: the JDK when `javac` is not on the PATH; Chromium when the
 * browser the e2e tests launch (CHROMIUM_PATH, default /usr/bin/chromium) is not executable; the
 * fonts when dpkg does not list fonts-noto-cjk as installed.
 */
export async function missingPackages(wanted: readonly SystemPackage[]): Promise<SystemPackage[]> {
  const present = async (p: SystemPackage): Promise<boolean> => {
    if (p === JDK) return onPath('javac') !== null;
    if (p === CHROMIUM) return executable(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
    return debInstalled(p.name);
  };
  const found = await Promise.all(wanted.map(present));
  return wanted.filter((_p, i) => !found[i]);
}

export async function privileges(): Promise<Privileges> {
  const sudo = onPath('sudo');
  return {
    root: process.getuid?.() === 0,
    passwordlessSudo: sudo !== null && (await run(sudo, ['-n', 'true'])).code === 0,
    apt: onPath('apt-get') !== null,
  };
}

function runInherited(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    child.once('error', () => resolve(127));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * Makes sure `wanted` are installed: installs what is missing when it may (output on `say`), else
 * says the one line that fixes it. True when everything is (now) present.
 */
export async function ensureSystemPackages(
  wanted: readonly SystemPackage[],
  say: (line: string) => void,
  opts: { privileges?: () => Promise<Privileges> } = {},
): Promise<boolean> {
  const missing = await missingPackages(wanted);
  if (missing.length === 0) return true;
  const plan = decide(missing, await (opts.privileges ?? privileges)());
  if (plan.action === 'none') return true;
  if (plan.action === 'tell') {
    say(`✖ ${plan.line}`);
    return false;
  }
  say(plan.announce);
  const apt = (args: string[]) => (plan.sudo ? runInherited('sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]) : runInherited('apt-get', args));
  const ok = (await apt(['update', '-qq'])) === 0 && (await apt(['install', '-y', '-qq', '--no-install-recommends', ...plan.packages])) === 0;
  const still = await missingPackages(wanted);
  if (ok && still.length === 0) {
    say(`Installed: ${plan.packages.join(' ')}`);
    return true;
  }
  say(`✖ Installing failed; missing: ${still.map((p) => p.name).join(' ') || plan.packages.join(' ')} — run: ${aptCommand(plan.packages)}`);
  return false;
}
