// Part of `npm run build`: the SQL migrations beside the built server
// (dist/server/db/migrations), so a release folder or an image carries no sources.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'dist/server/db/migrations');
rmSync(target, { recursive: true, force: true });
cpSync(path.join(root, 'src/server/db/migrations'), target, { recursive: true });
console.log('copied the migrations into dist/server/db/migrations');
