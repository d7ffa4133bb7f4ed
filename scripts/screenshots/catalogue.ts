// Every screen of the route table, for each role, at the project's viewport (390 px and
// 1280 px), photographed whole into screenshots/<viewport>/<role>-<screen>.png.
import path from 'node:path';
import { test } from '../../e2e/fixtures';
import { prepare, ROLES, settle } from '../../e2e/screens';

const folder = path.resolve(import.meta.dirname, '../../screenshots');

for (const role of ROLES) {
  test(`${role}`, async ({ page, admin, superAdmin }, info) => {
    test.slow();
    const screens = await prepare(page, role, { admin, superAdmin });
    for (const screen of screens) {
      await page.goto(screen.path);
      await settle(page);
      await page.screenshot({
        path: path.join(folder, info.project.name, `${role}-${screen.name}.png`),
        fullPage: true,
      });
    }
  });
}
