import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { type BodyOf, callApi, endpointUrl, throwIfNotOk } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';
import { PROFILE_KEY, type Profile } from '#lib/session';

type ProfileBody = BodyOf<typeof brokerEndpoints.replaceProfile>;
type ProfilePatch = BodyOf<typeof brokerEndpoints.updateProfile>;

/** The full profile from the desktop form (PUT); then the session's profile is read again. */
export function useReplaceProfile(callbacks: MutationCallbacks<unknown, ProfileBody> = {}) {
  return useMutation({
    mutationFn: (body: ProfileBody) => callApi(brokerEndpoints.replaceProfile, { body }),
    ...refreshAfter(callbacks, PROFILE_KEY),
  });
}

/** Some fields from the mobile form (PATCH); then the session's profile is read again. */
export function useUpdateProfile(callbacks: MutationCallbacks<unknown, ProfilePatch> = {}) {
  return useMutation({
    mutationFn: (body: ProfilePatch) => callApi(brokerEndpoints.updateProfile, { body }),
    ...refreshAfter(callbacks, PROFILE_KEY),
  });
}

type PasswordChange = BodyOf<typeof authEndpoints.changePassword>;

export function useChangePassword(callbacks: MutationCallbacks<unknown, PasswordChange> = {}) {
  return useMutation({
    mutationFn: (body: PasswordChange) => callApi(authEndpoints.changePassword, { body }),
    ...refreshAfter(callbacks),
  });
}

/** Deletes the broker's own account; the screen then clears every query and leaves. */
export function useDeleteAccount(callbacks: MutationCallbacks = {}) {
  return useMutation({
    mutationFn: () => callApi(brokerEndpoints.deleteAccount),
    ...refreshAfter(callbacks),
  });
}

// ---------- the FAL licence (decision 070) ----------

type FalLicenseBody = BodyOf<typeof brokerEndpoints.setFalLicense>;

/**
 * The licence's number, type and expiry; then the session's profile (its standing) and the
 * commissions (their hold) are read again.
 */
export function useSetFalLicense(callbacks: MutationCallbacks<Profile, FalLicenseBody> = {}) {
  return useMutation({
    mutationFn: (body: FalLicenseBody) => callApi(brokerEndpoints.setFalLicense, { body }),
    ...refreshAfter(callbacks, PROFILE_KEY, rootKeys.commissions),
  });
}

/** A broker's document on file (decision 070, 071): where it is sent and where it is read. */
export const BROKER_FILES = {
  falLicense: {
    upload: brokerEndpoints.uploadFalLicenseCopy,
    url: endpointUrl(brokerEndpoints.falLicenseCopy),
  },
  vatCertificate: {
    upload: brokerEndpoints.uploadVatCertificate,
    url: endpointUrl(brokerEndpoints.vatCertificate),
  },
} as const;
export type BrokerFile = keyof typeof BROKER_FILES;

/** Sends one of the broker's documents (multipart, one field `file`); answers the profile. */
async function uploadBrokerFile(kind: BrokerFile, file: File): Promise<Profile> {
  const { upload } = BROKER_FILES[kind];
  const form = new FormData();
  form.set('file', file);
  const response = await fetch(endpointUrl(upload), {
    method: upload.method,
    credentials: 'include',
    body: form,
  });
  await throwIfNotOk(response);
  return (await response.json()) as Profile;
}

/**
 * One of the broker's documents, a PDF or a JPEG or PNG image; then the session's profile and
 * the commissions (their hold or VAT) are read again.
 */
export function useUploadBrokerFile(
  kind: BrokerFile,
  callbacks: MutationCallbacks<Profile, File> = {},
) {
  return useMutation({
    mutationFn: (file: File) => uploadBrokerFile(kind, file),
    ...refreshAfter(callbacks, PROFILE_KEY, rootKeys.commissions),
  });
}

// ---------- the tax profile (decision 071) ----------

type TaxProfileBody = BodyOf<typeof brokerEndpoints.setTaxProfile>;

/** The tax profile; then the session's profile and the commissions (their VAT) are read again. */
export function useSetTaxProfile(callbacks: MutationCallbacks<Profile, TaxProfileBody> = {}) {
  return useMutation({
    mutationFn: (body: TaxProfileBody) => callApi(brokerEndpoints.setTaxProfile, { body }),
    ...refreshAfter(callbacks, PROFILE_KEY, rootKeys.commissions),
  });
}
