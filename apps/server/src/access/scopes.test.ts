import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@baobei/shared/rules/roles';
import { preparedRecordScope, recordScope, recordScopeShape, recordScopeValues, type ScopeKind, type Viewer } from './scopes';

const dialect = new PgDialect();
const KINDS: ScopeKind[] = ['own', 'company', 'any', 'audit'];
/** Every way a viewer's scope can branch, with ids that differ from one another. */
const VIEWERS: Viewer[] = ROLES.flatMap((role, i) =>
  [
    { distributorControl: false, distributorId: 700 + i },
    { distributorControl: false, distributorId: null },
    { distributorControl: true, distributorId: 800 + i },
    { distributorControl: true, distributorId: null },
  ].map((reach) => ({ role, id: 100 + i, companyId: 50 + i, ...reach })),
);

describe('preparedRecordScope', () => {
  it.each(KINDS)('filled with the viewer, is recordScope itself (%s)', (kind) => {
    for (const viewer of VIEWERS) {
      const direct = dialect.sqlToQuery(recordScope(viewer, kind));
      const prepared = dialect.sqlToQuery(preparedRecordScope(viewer, kind));
      const what = `${kind} ${JSON.stringify(viewer)}`;
      expect(prepared.sql, what).toBe(direct.sql);
      expect(fillPlaceholders(prepared.params, recordScopeValues(viewer)), what).toEqual(direct.params);
    }
  });

  it('is one statement per shape: viewers of the same shape get the same text', () => {
    const textByShape = new Map<string, string>();
    for (const kind of KINDS) {
      for (const viewer of VIEWERS) {
        const other = { ...viewer, id: viewer.id + 1000, companyId: viewer.companyId + 1000, distributorId: viewer.distributorId && viewer.distributorId + 1000 };
        const shape = recordScopeShape(viewer, kind);
        expect(recordScopeShape(other, kind)).toBe(shape);
        const text = dialect.sqlToQuery(preparedRecordScope(viewer, kind)).sql;
        expect(dialect.sqlToQuery(preparedRecordScope(other, kind)).sql).toBe(text);
        expect(textByShape.get(shape) ?? text, shape).toBe(text);
        textByShape.set(shape, text);
      }
    }
    // Kind × role × shop reach (shop, none, distributor).
    expect(textByShape.size).toBe(KINDS.length * ROLES.length * 3);
  });
});
