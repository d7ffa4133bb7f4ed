import { brokerNameForTenants } from '#domain';
import type { Broker } from '../db/schema.js';

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
    email: broker.email,
    city: broker.city,
    profileComplete: broker.profileComplete,
    nameShownToTenants: brokerNameForTenants(broker.fullName) !== null,
    isActive: broker.isActive,
    isAdmin: broker.isAdmin,
    isSuperAdmin: broker.isSuperAdmin,
    activationRequestedAt: broker.activationRequestedAt?.toISOString() ?? null,
    notifyByMessage: broker.notifyByMessage,
    createdAt: broker.createdAt.toISOString(),
    updatedAt: broker.updatedAt.toISOString(),
  };
}

export type Profile = ReturnType<typeof toProfile>;
