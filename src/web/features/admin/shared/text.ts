/** Left-to-right text (an IBAN, a phone) isolated inside an Arabic sentence, kept on one line. */
export const ltr = (text: string) => `\u2066${text.replaceAll(' ', '\u00a0')}\u2069`;
