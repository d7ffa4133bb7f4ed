/**
 * The configuration of a server that sends its SMS through Unifonic's API at `baseUrl` (a fake
 * Unifonic's address), with the AppSid the fake was started with.
 */
export const unifonicEnv = (baseUrl: string, appSid: string) => ({
  SMS_PROVIDER: 'unifonic',
  UNIFONIC_APP_SID: appSid,
  UNIFONIC_SENDER_ID: 'Shareek',
  UNIFONIC_BASE_URL: baseUrl,
});
