import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { type BodyOf, callApi } from '#lib/api';
import { type MutationCallbacks, refreshAfter } from '#lib/query-keys';
import { PROFILE_KEY } from '#lib/session';

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
