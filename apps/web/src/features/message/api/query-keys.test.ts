import { describe, expect, it } from 'vitest';
import { messageKeys } from './query-keys';

// Cached queries and their invalidations meet only when the values match these.
describe('message query keys', () => {
  it('keeps both tabs, the unread count and the settings under one root', () => {
    expect(messageKeys.all).toEqual(['message']);
    expect(messageKeys.list('all')).toEqual(['message', 'list', 'all']);
    expect(messageKeys.list('unread')).toEqual(['message', 'list', 'unread']);
    expect(messageKeys.unread()).toEqual(['message', 'unread']);
    expect(messageKeys.settings()).toEqual(['message', 'settings']);
  });
});
