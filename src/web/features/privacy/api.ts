import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#contract/common';
import { referralLinkEndpoints } from '#contract/referral-links';
import { callApi } from '#lib/api';
import { BRAND } from '#lib/brand';

export type Provider = ResponseOf<typeof referralLinkEndpoints.provider>;

/**
 * Who provides the service, from the server's settings (never the build's, which may carry the
 * demo defaults): read once a visit, tried again twice before the page says it failed.
 */
const providerQuery = () =>
  queryOptions({
    queryKey: ['provider'] as const,
    queryFn: () => callApi(referralLinkEndpoints.provider),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 2,
  });
export const useProvider = () => useQuery(providerQuery());

/**
 * How many days after a referral closes its tenant's documents are erased: the super-admins'
 * setting in force, read afresh on every visit (unlike the provider's identity, it changes while
 * the server runs), tried again twice before the page says it failed.
 */
export const documentRetentionQuery = () =>
  queryOptions({
    queryKey: ['privacy', 'retention'] as const,
    queryFn: () => callApi(referralLinkEndpoints.retention),
    staleTime: 0,
    retry: 2,
  });

/**
 * The provider's WhatsApp for a dead end's next step: the server's, or, while it cannot be
 * read, the build's (the number the landing page shows), so a tenant is never left without one.
 */
export const useProviderWhatsapp = (): string => useProvider().data?.whatsapp ?? BRAND.whatsapp;
