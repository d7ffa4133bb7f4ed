import { describe, expect, it } from 'vitest';
import { arabicCount, inGenitive, NOUNS, timeAgoAr } from './count.js';

describe('arabicCount', () => {
  it('follows Arabic number agreement for each plural category', () => {
    expect(arabicCount(0, NOUNS.referral)).toBe('٠ إحالة');
    expect(arabicCount(1, NOUNS.referral)).toBe('إحالة واحدة');
    expect(arabicCount(2, NOUNS.referral)).toBe('إحالتان');
    expect(arabicCount(3, NOUNS.referral)).toBe('٣ إحالات');
    expect(arabicCount(10, NOUNS.referral)).toBe('١٠ إحالات');
    expect(arabicCount(11, NOUNS.day)).toBe('١١ يومًا');
    expect(arabicCount(99, NOUNS.request)).toBe('٩٩ طلبًا');
    expect(arabicCount(100, NOUNS.day)).toBe('١٠٠ يوم');
    expect(arabicCount(103, NOUNS.day)).toBe('١٠٣ أيام');
    expect(arabicCount(1000, NOUNS.request)).toBe('١٬٠٠٠ طلب');
  });

  it('writes the dual after a preposition or a verb with «ين»', () => {
    expect(`حذف ${arabicCount(2, inGenitive(NOUNS.referral))}`).toBe('حذف إحالتين');
    expect(arabicCount(2, inGenitive(NOUNS.day))).toBe('يومين');
    expect(arabicCount(5, inGenitive(NOUNS.day))).toBe('٥ أيام');
    expect(`خلال آخر ${arabicCount(2, inGenitive(NOUNS.week))}`).toBe('خلال آخر أسبوعين');
    expect(`خلال آخر ${arabicCount(8, inGenitive(NOUNS.week))}`).toBe('خلال آخر ٨ أسابيع');
    expect(arabicCount(12, NOUNS.week)).toBe('١٢ أسبوعًا');
  });
});

describe('timeAgoAr', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('says how long ago in words, and gives up past 30 days', () => {
    expect(timeAgoAr(ago(20_000), now)).toBe('الآن');
    expect(timeAgoAr(ago(5 * 60_000), now)).toBe('منذ ٥ دقائق');
    expect(timeAgoAr(ago(2 * 3_600_000), now)).toBe('منذ ساعتين');
    expect(timeAgoAr(ago(15 * 3_600_000), now)).toBe('منذ ١٥ ساعة');
    expect(timeAgoAr(ago(3 * 86_400_000), now)).toBe('منذ ٣ أيام');
    expect(timeAgoAr(ago(31 * 86_400_000), now)).toBeNull();
    expect(timeAgoAr(new Date(now.getTime() + 60_000), now)).toBe('الآن');
  });
});
