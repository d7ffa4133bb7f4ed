import {
  brokerNameForTenants,
  type FalLicenseState,
  falLicenseHoldReason,
  falLicenseState,
  riyadhIsoDate,
} from '#domain';
import type { Broker } from '../db/schema.js';
import { toTaxProfile } from './tax-profile.js';

/** Where the broker's FAL licence stands today, and what a new commission's hold says. */
export function falLicenseStanding(broker: Broker, now = new Date()) {
  const state: FalLicenseState = falLicenseState(broker, riyadhIsoDate(now));
  return {
    state,
    verifiedAt: state === 'verified' ? (broker.falLicenseVerifiedAt?.toISOString() ?? null) : null,
    refusal: state === 'refused' ? broker.falLicenseRefusal : null,
    holdReason: state === 'verified' ? null : falLicenseHoldReason(state),
  };
}

/** The broker as the web app sees it: no password hash, no internal flags. */
export function toProfile(broker: Broker) {
  return {
    id: broker.id,
    phone: broker.phone,
    brokerCode: broker.brokerCode,
    fullName: broker.fullName,
    officeName: broker.officeName,
    secondPhone: broker.secondPhone,
    bio: broker.bio,
    logo: broker.logo,
    falLicense: broker.falLicense,
    falLicenseType: broker.falLicenseType,
    falLicenseExpiresOn: broker.falLicenseExpiresOn,
    falLicenseCopy: broker.falLicenseCopy !== null,
    falLicenseStanding: falLicenseStanding(broker),
    taxProfile: toTaxProfile(broker),
    email: broker.email,
    city: broker.city,
    profileComplete: broker.profileComplete,
    nameShownToTenants: brokerNameForTenants(broker.fullName) !== null,
    isActive: broker.isActive,
    isAdmin: broker.isAdmin,
    isSuperAdmin: broker.isSuperAdmin,
    activationRequestedAt: broker.activationRequestedAt?.toISOString() ?? null,
    inactiveReason: broker.isActive ? null : broker.inactiveReason,
    notifyByMessage: broker.notifyByMessage,
    createdAt: broker.createdAt.toISOString(),
    updatedAt: broker.updatedAt.toISOString(),
  };
}

export type Profile = ReturnType<typeof toProfile>;
