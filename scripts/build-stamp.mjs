// The first and last steps of `npm run build`: `begin` notes when the build began
// (dist/.build-begun), `end` makes that note the build's stamp (dist/.build-stamp), keeping its
// time, so a source saved while the build ran is newer than the stamp. `npm start` and
// scripts/build-once.mjs compare the stamp with the sources.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const begun = path.join(dist, '.build-begun');
if (process.argv[2] === 'begin') {
  mkdirSync(dist, { recursive: true });
  writeFileSync(begun, new Date().toISOString());
} else if (process.argv[2] === 'end') {
  renameSync(begun, path.join(dist, '.build-stamp'));
} else {
  console.error('usage: node scripts/build-stamp.mjs begin|end');
  process.exit(2);
}
