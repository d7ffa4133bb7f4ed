// What the console shares with other features: the protected account's note (the super-admin's
// user management shows it too), and a list's search and page kept in the URL (the super-admin's
// lists).
export { ProtectedAccountNote, useAdminList } from './shared';
