import { createServer } from 'node:http';
import { startFakeWhatsApp } from '../src/server/test-support/fakes/whatsapp.js';
import { startFakeZoho } from '../src/server/test-support/fakes/zoho.js';

/**
 * The browser journeys' WhatsApp (Meta's Graph API) and Zoho CRM: the same fake servers the API
 * tests use, on fixed ports that playwright.config.ts gives the app. Meta's review is played by
 * approving every submitted template a moment later, as its automatic review often does.
 */
const base = Number(process.env.E2E_FAKES_PORT ?? 3190);
const whatsapp = await startFakeWhatsApp({ port: base });
await startFakeZoho({ port: base + 1 });
setInterval(() => {
  for (const template of whatsapp.templates) {
    if (template.status === 'PENDING') whatsapp.approve(template.name);
  }
}, 100).unref();
// Playwright waits for this port before starting the app.
createServer((_request, response) => response.end('ready')).listen(base + 2, '127.0.0.1');
