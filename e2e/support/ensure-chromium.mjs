#!/usr/bin/env node
// The journeys drive Debian's Chromium (Playwright's own browser download does not work on these machines).
// When it is missing and we may install packages (root with apt-get), install it; otherwise say how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `No encontré Chromium en ${chromium}. Instálalo con: sudo apt-get install -y chromium (o define CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log('Instalando Chromium de Debian…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}
