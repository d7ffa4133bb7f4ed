const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are UUIDs; anything else is answered 404 without asking the database. */
export const isUuid = (value: string): boolean => UUID.test(value);
