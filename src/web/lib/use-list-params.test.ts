import { describe, expect, it } from 'vitest';
import { adminBrokerListQuery } from '#contract/admin/brokers';
import { signalListQuery } from '#contract/admin/signals';
import { readListParams, writeListParams } from './use-list-params';

const brokers = adminBrokerListQuery;
const signals = signalListQuery;

describe('list params in the URL', () => {
  it('reads the defaults from an empty address', () => {
    expect(readListParams(brokers, new URLSearchParams(), 'brokers')).toEqual({
      search: undefined,
      filter: 'all',
      sort: 'createdAt:desc',
      page: 1,
    });
  });

  it('reads each field through the contract, a refused value falling back to its default', () => {
    const params = new URLSearchParams(
      'brokers.filter=pending&brokers.sort=sideways&brokers.page=-3&brokers.search=%D8%B3%D8%B9%D9%88%D8%AF',
    );
    expect(readListParams(brokers, params, 'brokers')).toEqual({
      search: 'سعود',
      filter: 'pending',
      sort: 'createdAt:desc',
      page: 1,
    });
  });

  it('leaves defaults out of the address and goes back to page 1 on any other change', () => {
    const start = new URLSearchParams('tab=brokers&brokers.page=3&signals.page=2');
    const filtered = writeListParams(brokers, start, { filter: 'active' }, 'brokers');
    expect(filtered.toString()).toBe('tab=brokers&signals.page=2&brokers.filter=active');
    const back = writeListParams(brokers, filtered, { filter: 'all', page: 1 }, 'brokers');
    expect(back.toString()).toBe('tab=brokers&signals.page=2');
  });

  it('keeps two lists of one page apart by their prefix', () => {
    const params = writeListParams(
      signals,
      new URLSearchParams('brokers.page=4'),
      { status: 'all', page: 2 },
      'signals',
    );
    expect(readListParams(signals, params, 'signals')).toEqual({ status: 'all', page: 2 });
    expect(readListParams(brokers, params, 'brokers').page).toBe(4);
  });
});
