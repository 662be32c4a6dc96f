import { describe, expect, it } from 'vitest';
import { sessionEdgeZip, sessionTimeZone, visitRecordSchema, withPageServed } from './visit-record';

const page = { page: 'index', product: 'medicare' as const };

describe("the visit record's once-a-session edge values", () => {
  it('keeps the zip and zone the session first read, whatever a later page passes', () => {
    const first = withPageServed(null, 's1', page, {}, '33101', 'America/New_York');
    expect(first).toMatchObject({ edgeZip: '33101', timeZone: 'America/New_York' });
    const later = withPageServed(first, 's1', { page: 'quiz', product: 'medicare' }, {}, '80202', 'America/Denver');
    expect(later).toMatchObject({ edgeZip: '33101', timeZone: 'America/New_York' });
    expect(sessionTimeZone(later, 's1')).toBe('America/New_York');
    expect(sessionEdgeZip(later, 's1')).toBe('33101');
  });

  it('keeps a zone read as unknown (null) for the session, and reads again in a new session', () => {
    const unknown = withPageServed(null, 's1', page, {}, null, null);
    expect(sessionTimeZone(unknown, 's1')).toBeNull();
    expect(withPageServed(unknown, 's1', page, {}, null, 'America/Denver').timeZone).toBeNull();
    // Another session: nothing is known yet, and this page's zone is kept.
    expect(sessionTimeZone(unknown, 's2')).toBeUndefined();
    expect(withPageServed(unknown, 's2', page, {}, null, 'America/Denver').timeZone).toBe('America/Denver');
  });

  it('leaves the field out until a page read it, so a record from before the field still parses', () => {
    const none = withPageServed(null, 's1', page, {});
    expect('timeZone' in none).toBe(false);
    expect(sessionTimeZone(none, 's1')).toBeUndefined();
    expect(visitRecordSchema.safeParse({ sessionId: 's1', attribution: {}, pages: [page] }).success).toBe(true);
    expect(visitRecordSchema.safeParse({ ...none, timeZone: 'x'.repeat(65) }).success).toBe(false);
  });
});
