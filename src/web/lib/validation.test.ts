import { describe, expect, it } from 'vitest';
import { z } from './validation';

describe("the web's Zod", () => {
  it('words in Arabic what a schema does not word itself', () => {
    const result = z.object({ rent: z.number() }).safeParse({ rent: 'خمسون' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^مدخلات غير مقبولة/);
  });
});
