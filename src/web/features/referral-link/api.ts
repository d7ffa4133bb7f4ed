import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#contract/common';
import { referralLinkEndpoints } from '#contract/referral-links';
import { type BodyOf, callApi, endpointUrl } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';

const keys = {
  link: [...rootKeys.broker, 'referral-link'] as const,
  funnel: [...rootKeys.broker, 'referral-link', 'funnel'] as const,
  open: (code: string) => ['referral-link', code] as const,
};

/** The broker's own link (made on first use). */
const referralLinkQuery = () =>
  queryOptions({
    queryKey: keys.link,
    queryFn: () => callApi(referralLinkEndpoints.mine),
  });
export const useReferralLink = () => useQuery(referralLinkQuery());

/** What the link brought, week by week. */
const linkFunnelQuery = () =>
  queryOptions({
    queryKey: keys.funnel,
    queryFn: () => callApi(referralLinkEndpoints.funnel),
  });
export const useLinkFunnel = () => useQuery(linkFunnelQuery());

/** A new code: the old link stops working. */
export function useRegenerateLink(callbacks: MutationCallbacks<unknown, void> = {}) {
  return useMutation({
    mutationFn: () => callApi(referralLinkEndpoints.regenerate),
    ...refreshAfter(callbacks, keys.link),
  });
}

export const QR_CARD_URL = endpointUrl(referralLinkEndpoints.qr);

/** A live link as the tenant sees it: the broker as far as shown, and whether it takes requests. */
export type OpenedLink = ResponseOf<typeof referralLinkEndpoints.open>;

/** The link as the tenant opens it (counted as a visit, once a day). */
const openLinkQuery = (code: string, viaQr: boolean) =>
  queryOptions({
    queryKey: keys.open(code),
    queryFn: () =>
      callApi(referralLinkEndpoints.open, {
        params: { code },
        query: viaQr ? { s: 'qr' } : {},
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useOpenLink = (code: string, viaQr: boolean) => useQuery(openLinkQuery(code, viaQr));

export function useSendLinkCode(
  code: string,
  callbacks: MutationCallbacks<{ otpCode?: string | undefined }, string> = {},
) {
  return useMutation({
    mutationFn: (phone: string) =>
      callApi(referralLinkEndpoints.sendCode, { params: { code }, body: { phone } }),
    ...refreshAfter(callbacks),
  });
}

type LinkRequestBody = BodyOf<typeof referralLinkEndpoints.request>;

export function useLinkRequest(
  code: string,
  callbacks: MutationCallbacks<{ formPath: string }, LinkRequestBody> = {},
) {
  return useMutation({
    mutationFn: (body: LinkRequestBody) =>
      callApi(referralLinkEndpoints.request, { params: { code }, body }),
    ...refreshAfter(callbacks),
  });
}
