// What the console shares with other features: the protected account's note (the super-admin's
// user management shows it too).
export { ProtectedAccountNote } from './shared';
