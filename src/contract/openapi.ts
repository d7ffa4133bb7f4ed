import { endpoint } from './common.js';

// ---------- the OpenAPI document (decision record 078) ----------

export const openApiEndpoints = {
  document: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    summary: 'the OpenAPI 3.1 document of the inbound API and the webhooks, made from the contract',
    // JSON, but not of a schema of ours: the document is its own format.
    response: null,
  }),
};
