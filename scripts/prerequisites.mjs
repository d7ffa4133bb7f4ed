// What `npm test` needs beyond npm packages: Debian's Chromium headless shell (the browser
// journeys; docs/decisions/036-browser-journeys-in-the-headless-shell.md) and
// LibreOffice Calc (the journeys open every Excel export in it). Checked before anything else;
// installed when the test runs as root on Debian or Ubuntu, else the one command is printed.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

const TOOLS = [
  {
    name: 'Chromium',
    command: 'chromium-headless-shell',
    apt: 'apt-get install -y -qq chromium-headless-shell',
  },
  {
    name: 'LibreOffice Calc',
    command: 'soffice',
    apt: 'apt-get install -y -qq --no-install-recommends libreoffice-calc-nogui',
  },
];

function onPath(command, env) {
  return (env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The tools not found: Chromium counts as found when CHROMIUM_PATH names an executable. */
export function missingTools(env = process.env) {
  return TOOLS.filter((tool) => {
    if (tool.name === 'Chromium' && env.CHROMIUM_PATH) {
      try {
        accessSync(env.CHROMIUM_PATH, constants.X_OK);
        return false;
      } catch {
        return true;
      }
    }
    return !onPath(tool.command, env);
  });
}

/** The one command that installs them on Debian or Ubuntu. */
export function installCommand(missing) {
  return [
    'apt-get update -qq',
    ...missing.map((tool) => `DEBIAN_FRONTEND=noninteractive ${tool.apt}`),
  ].join(' && ');
}

/** Root on Debian or Ubuntu (which both have /etc/debian_version), with apt-get on the PATH. */
export function canInstall(env = process.env, root = process.getuid?.() === 0) {
  return root && existsSync('/etc/debian_version') && onPath('apt-get', env);
}

/**
 * Makes sure the tools are there: returns true when they are (installing them if it may),
 * false after printing what to run.
 */
export function ensurePrerequisites(env = process.env, root = process.getuid?.() === 0) {
  const missing = missingTools(env);
  if (missing.length === 0) return true;
  const names = missing.map((tool) => tool.name).join(' and ');
  const command = installCommand(missing);
  if (canInstall(env, root)) {
    console.log(`▶ installing ${names} from Debian's packages (first run only): ${command}`);
    const result = spawnSync('/bin/sh', ['-c', command], { stdio: 'inherit', env });
    if (result.status === 0 && missingTools(env).length === 0) return true;
    console.error(`\n✖ installing ${names} failed`);
    return false;
  }
  console.error(
    `\n✖ npm test needs ${names}, which ${missing.length > 1 ? 'are' : 'is'} not installed. Run, as root:\n\n  ${command}\n`,
  );
  return false;
}
