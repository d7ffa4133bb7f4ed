import { describe, expect, it } from 'vitest';
import { FirstReads } from './first-reads';

describe("a page's first reads", () => {
  const page = '{"/api/broker/profile":{"fullName":"سارة"},"/api/notifications":[]}';

  it('gives each answer once, to its exact URL', () => {
    const reads = new FirstReads(page, () => 100);
    expect(reads.take('/api/broker/profile')).toEqual({ answer: { fullName: 'سارة' } });
    expect(reads.take('/api/broker/profile')).toBeUndefined();
    expect(reads.take('/api/notifications?page=2')).toBeUndefined();
    expect(reads.take('/api/notifications')).toEqual({ answer: [] });
  });

  it('gives nothing after the first 30 seconds, after signing out, or from a broken page', () => {
    let now = 29_000;
    const late = new FirstReads(page, () => now);
    now = 30_001;
    expect(late.take('/api/broker/profile')).toBeUndefined();
    now = 100;
    expect(late.take('/api/notifications')).toBeUndefined();

    const signedOut = new FirstReads(page, () => 100);
    signedOut.clear();
    expect(signedOut.take('/api/broker/profile')).toBeUndefined();

    for (const broken of ['', '{"/api/broker/profile":', '[1,2]', 'null']) {
      expect(new FirstReads(broken, () => 100).take('/api/broker/profile')).toBeUndefined();
    }
  });
});
