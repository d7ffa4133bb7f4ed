/**
 * The bounds of the activation questions (decision record 076), apart from their schemas: the
 * broker's answers dialog reads them without loading Zod.
 */

/** The most questions asked at once: an application, not a survey. */
export const MAX_ACTIVATION_QUESTIONS = 10;
/** The longest answer a broker writes to one question. */
export const MAX_ACTIVATION_ANSWER = 1000;
