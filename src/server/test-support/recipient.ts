/*
 * The recipient the message providers' adapter tests send to: a Saudi mobile as the product
 * holds it, and as the providers' APIs are given it (international, without the plus).
 */
export const TO = '0551234567';
export const RECIPIENT = '966551234567';
